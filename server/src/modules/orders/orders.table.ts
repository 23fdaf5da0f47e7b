import {
  type AmountCheckKind,
  disputeStatuses,
  orderStatuses,
  paymentStatuses,
} from '@contract/orders';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table';

export type OrderTaxLine = { name: string; rate: number; amountCents: number };
export type OrderShippingMethod = { id: string; name: string; minDays: number; maxDays: number };
/** What PayPal reported against what the order expected (amounts as PayPal writes them). */
export type AmountMismatch = {
  kind: AmountCheckKind;
  expected: string;
  seen: string;
  at: string;
};

/** Human order numbers (#100001, #100002, ...): shown to shoppers and sent to PayPal. */
export const orderNumberSequence = pgSequence('orders_order_number_seq', { startWith: 100001 });

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: integer('order_number')
      .notNull()
      .unique('orders_order_number_key')
      .default(sql`nextval('orders_order_number_seq')`),
    // Orders are accounting records: a user with orders cannot be deleted by accident. Null
    // for a guest's order until an account with its email claims it.
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    // A guest's order: where its messages go (kept after a claim, for the order lookup) and
    // the HMAC of the guest cookie that opened it (who may capture or cancel its payment).
    guestEmail: text('guest_email'),
    guestKey: text('guest_key'),
    cartId: uuid('cart_id'),
    // Snapshot of the delivery address at checkout; later edits of the address leave it alone.
    addressId: uuid('address_id'),
    address: text('address').notNull(),
    city: text('city').notNull(),
    pincode: text('pincode').notNull(),
    phone: text('phone').notNull(),
    notes: text('notes').notNull(),
    // Whom the parcel is for: a guest's typed-in name, a shopper's account name at checkout.
    recipientName: text('recipient_name').notNull().default(''),
    orderStatus: text('order_status', { enum: orderStatuses }).notNull().default('pending'),
    paymentMethod: text('payment_method').notNull().default('paypal'),
    paymentStatus: text('payment_status', { enum: paymentStatuses }).notNull().default('pending'),
    totalCents: integer('total_cents').notNull(),
    // ISO 4217: every amount of the order (and its lines, refunds, payments) is in it.
    currency: text('currency').notNull().default('USD'),
    // The quote the total came from (contract/pricing.ts): total = subtotal - discount +
    // shipping (+ tax unless prices include it).
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
    taxLines: jsonb('tax_lines').$type<OrderTaxLine[]>().notNull().default([]),
    shippingMethod: jsonb('shipping_method').$type<OrderShippingMethod>(),
    discountCode: text('discount_code').notNull().default(''),
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    country: text('country').notNull().default('US'),
    region: text('region').notNull().default(''),
    // Refunds completed or in flight: reserved before PayPal is asked, so it never passes the total.
    refundedCents: integer('refunded_cents').notNull().default(0),
    orderDate: timestamp('order_date', { withTimezone: true }).notNull().defaultNow(),
    orderUpdateDate: timestamp('order_update_date', { withTimezone: true }).notNull().defaultNow(),
    // When the admin marked it delivered: the return window counts from here.
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    // Chargebacks (PAYMENT.CAPTURE.REVERSED): money PayPal took back without the shop asking;
    // like refunds, revenue is net of it.
    reversedCents: integer('reversed_cents').notNull().default(0),
    // The buyer's dispute at PayPal (CUSTOMER.DISPUTE.*): its id, and its outcome once resolved.
    disputeStatus: text('dispute_status', { enum: disputeStatuses }).notNull().default('none'),
    disputeId: text('dispute_id'),
    disputeOutcome: text('dispute_outcome').notNull().default(''),
    // An admin's "Ship anyway" despite a dispute or chargeback; a new one clears it.
    shipOverrideBy: uuid('ship_override_by'),
    shipOverrideAt: timestamp('ship_override_at', { withTimezone: true }),
    // The last amount PayPal reported that did not match the order: never recorded as money.
    amountMismatch: jsonb('amount_mismatch').$type<AmountMismatch>(),
  },
  (t) => [
    check('orders_total_nonnegative', sql`${t.totalCents} >= 0`),
    check('orders_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check(
      'orders_status_check',
      sql`${t.orderStatus} in ('pending', 'confirmed', 'inProcess', 'inShipping', 'delivered', 'rejected', 'cancelled')`,
    ),
    check(
      'orders_payment_status_check',
      sql`${t.paymentStatus} in ('pending', 'pending_capture', 'paid', 'cancelled', 'failed', 'partially_refunded', 'refunded')`,
    ),
    check('orders_dispute_status_check', sql`${t.disputeStatus} in ('none', 'open', 'resolved')`),
    check(
      'orders_reversed_within_total',
      sql`${t.reversedCents} >= 0 and ${t.refundedCents} + ${t.reversedCents} <= ${t.totalCents}`,
    ),
    check(
      'orders_refunded_within_total',
      sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.totalCents}`,
    ),
    check(
      'orders_owner_check',
      sql`${t.userId} is not null or (${t.guestEmail} is not null and ${t.guestKey} is not null)`,
    ),
    index('orders_user_id_date_idx').on(t.userId, t.orderDate),
    // The order lookup (number and email) and the claim of an email's guest orders.
    index('orders_guest_email_idx')
      .on(sql`lower(${t.guestEmail})`)
      .where(sql`${t.guestEmail} is not null`),
    index('orders_status_date_idx').on(t.orderStatus, t.orderDate),
    // The unpaid checkouts of a guest's cookie in the last hour (the hoarding bound).
    index('orders_guest_key_date_idx')
      .on(t.guestKey, t.orderDate)
      .where(sql`${t.guestKey} is not null`),
    // One open checkout per shopper, whatever the concurrency (checkout also serialises them).
    uniqueIndex('orders_one_pending_per_user')
      .on(t.userId)
      .where(sql`${t.paymentStatus} = 'pending'`),
    uniqueIndex('orders_one_pending_per_guest')
      .on(t.guestKey)
      .where(sql`${t.paymentStatus} = 'pending' and ${t.guestKey} is not null`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    // No foreign key: the line is a snapshot that outlives the product.
    productId: uuid('product_id').notNull(),
    // The variant chosen and its size and colour at checkout (snapshot: no foreign key).
    variantId: uuid('variant_id'),
    size: text('size').notNull().default(''),
    color: text('color').notNull().default(''),
    title: text('title').notNull(),
    image: text('image').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    // The line's share of the order's discount and its tax (largest remainder, half-up), so a
    // refund of the line returns exactly what it cost.
    discountCents: integer('discount_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull().default(0),
  },
  (t) => [
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
    check('order_items_price_nonnegative', sql`${t.unitPriceCents} >= 0`),
    index('order_items_order_id_idx').on(t.orderId),
    index('order_items_product_id_idx').on(t.productId),
  ],
);

/**
 * Links to a guest order's status page (/shop/order/{token}): one per message that carries
 * one, stored as the HMAC of the token (256 random bits), so the table cannot be read back
 * into links. A link keeps working while its order exists.
 */
export const orderAccessTokens = pgTable(
  'order_access_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_access_tokens_order_idx').on(t.orderId)],
);

/**
 * A claim link emailed to an account: following it, signed in as that account, moves the
 * guest orders placed with its email into it. Single use, short-lived, stored as an HMAC.
 */
export const orderClaimTokens = pgTable(
  'order_claim_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_claim_tokens_user_idx').on(t.userId)],
);
