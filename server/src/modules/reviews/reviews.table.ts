import { fitValues } from '@contract/garment-constants';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table';
import { products } from '../catalog/catalog.table';

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userName: text('user_name').notNull(),
    reviewMessage: text('review_message').notNull(),
    reviewValue: integer('review_value').notNull(),
    // Issue 28: the size bought (from the order, never typed) and how it fitted.
    size: text('size'),
    fit: text('fit', { enum: fitValues }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('reviews_product_user_key').on(t.productId, t.userId),
    check('reviews_value_range', sql`${t.reviewValue} between 1 and 5`),
    check('reviews_fit_check', sql`${t.fit} in ('small', 'true', 'large')`),
    index('reviews_product_id_created_idx').on(t.productId, t.createdAt),
  ],
);
