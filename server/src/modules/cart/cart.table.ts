import { sql } from 'drizzle-orm';
import { check, integer, pgTable, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table';
import { products } from '../catalog/catalog.table';
import { productVariants } from '../catalog/variants.table';

export const carts = pgTable('carts', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique('carts_user_id_key')
    .references(() => users.id, { onDelete: 'cascade' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    // A product deleted from the catalogue drops out of every cart.
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    // The size/colour chosen; null for a product without variants. A removed variant drops out.
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One line per product and variant; NULLS NOT DISTINCT (PostgreSQL 15) makes the plain
    // product's line unique too, so `on conflict` adds to it.
    unique('cart_items_line_key').on(t.cartId, t.productId, t.variantId).nullsNotDistinct(),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
