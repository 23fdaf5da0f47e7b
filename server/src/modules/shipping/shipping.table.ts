import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Where a zone ships: ISO 3166 alpha-2 countries, optionally only some of their regions. */
export const shippingZones = pgTable('shipping_zones', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  countries: text('countries').array().notNull(),
  // Region codes ("CA", "NY") within those countries; empty: the whole countries.
  regions: text('regions').array().notNull().default(sql`'{}'::text[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ShippingTier = { minSubtotalCents: number; priceCents: number };

export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    zoneId: uuid('zone_id')
      .notNull()
      .references(() => shippingZones.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    // Free from this discounted subtotal on; null: never free.
    freeOverCents: integer('free_over_cents'),
    tiers: jsonb('tiers').$type<ShippingTier[]>().notNull().default([]),
    minDays: integer('min_days').notNull(),
    maxDays: integer('max_days').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    check('shipping_methods_price_nonnegative', sql`${t.priceCents} >= 0`),
    check('shipping_methods_days', sql`${t.minDays} >= 0 and ${t.maxDays} >= ${t.minDays}`),
    index('shipping_methods_zone_idx').on(t.zoneId, t.position),
  ],
);
