import { sql } from 'drizzle-orm';
import { index, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table';
import { products } from '../catalog/catalog.table';
import { productVariants } from '../catalog/variants.table';

/**
 * "Email me when it's back": one open request per shopper and product (or size). A trigger on
 * the stock (migration 0011) enqueues the email when the stock goes from 0 to more, in the
 * same transaction, and deletes the request: it is done.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    // A sold-out size/colour of the product; null for the product as a whole. A variant the
    // admin removes takes its requests with it.
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_alerts_user_product_variant_key').on(
      t.userId,
      t.productId,
      sql`coalesce(${t.variantId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    index('stock_alerts_product_id_idx').on(t.productId),
  ],
);
