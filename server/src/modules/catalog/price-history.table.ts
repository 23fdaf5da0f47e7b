import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog.table';

/**
 * Every price a product has had, from when (the EU Omnibus rule: a reduction shows the lowest
 * price of the 30 days before it). A row is written by a trigger whenever a product's price or
 * sale price changes, whatever wrote it. Variants share their product's price.
 */
export const productPriceHistory = pgTable(
  'product_price_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
    salePriceCents: integer('sale_price_cents').notNull(),
    // What a shopper paid from validFrom on: the sale price when there is one, else the price.
    payPriceCents: integer('pay_price_cents').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('product_price_history_positive', sql`${t.payPriceCents} > 0`),
    index('product_price_history_product_idx').on(t.productId, t.validFrom),
  ],
);
