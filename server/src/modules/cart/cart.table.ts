import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table';
import { products } from '../catalog/catalog.table';
import { productVariants } from '../catalog/variants.table';

/** A signed-in shopper's cart, or a guest's (GUEST_CHECKOUT): exactly one owner each. */
export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .unique('carts_user_id_key')
      .references(() => users.id, { onDelete: 'cascade' }),
    // HMAC of the guest's cookie token: the table alone cannot be turned back into cookies.
    guestKey: text('guest_key').unique('carts_guest_key_key'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('carts_one_owner', sql`(${t.userId} is null) <> (${t.guestKey} is null)`),
    // Guest carts untouched for a while are deleted (cart/guest-cart-cleanup.ts).
    index('carts_guest_updated_idx').on(t.updatedAt).where(sql`${t.guestKey} is not null`),
  ],
);

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
