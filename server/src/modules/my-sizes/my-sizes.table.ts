import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table';

/** "I wear M in Levi's men": a shopper's size per brand and category (issue 28). */
export const savedSizes = pgTable(
  'saved_sizes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brand: text('brand').notNull(),
    category: text('category').notNull(),
    size: text('size').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'saved_sizes_pkey', columns: [t.userId, t.brand, t.category] })],
);
