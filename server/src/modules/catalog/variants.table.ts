import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { products } from './catalog.table';

/**
 * Sizes and colours of a product, each with its own stock. The product's `total_stock` is kept
 * equal to their sum by every write (admin edits and reservations), so badges, low-stock lists
 * and listings keep reading one column.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull().default(''),
    color: text('color').notNull().default(''),
    sku: text('sku').notNull(),
    totalStock: integer('total_stock').notNull().default(0),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('product_variants_stock_nonnegative', sql`${t.totalStock} >= 0`),
    check('product_variants_has_option', sql`${t.size} <> '' or ${t.color} <> ''`),
    unique('product_variants_product_size_color_key').on(t.productId, t.size, t.color),
    // SKUs are stored upper-cased, so this is a case-insensitive uniqueness across the shop.
    unique('product_variants_sku_key').on(t.sku),
    // Listing filters and facets: "products with an in-stock variant of size S / colour C".
    index('product_variants_size_in_stock_idx')
      .on(t.size, t.color, t.productId)
      .where(sql`${t.totalStock} > 0`),
    index('product_variants_color_in_stock_idx')
      .on(t.color, t.productId)
      .where(sql`${t.totalStock} > 0`),
    // The dashboard's low-stock list reads variants by stock.
    index('product_variants_stock_idx').on(t.totalStock),
  ],
);

/** One picture per colour of a product (the product page shows the chosen colour's). */
export const productColorImages = pgTable(
  'product_color_images',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    color: text('color').notNull(),
    image: text('image').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.color] })],
);
