import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const featureImages = pgTable('feature_images', {
  id: uuid('id').primaryKey().defaultRandom(),
  image: text('image').notNull(),
  // Shown as HTML over the image (never painted into it): readable, translatable, clickable.
  title: text('title'),
  text: text('text'),
  buttonLabel: text('button_label'),
  link: text('link'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
