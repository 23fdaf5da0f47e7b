import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A tax rate for a country, or for one region of it (a region's rate replaces its country's).
 * `rate` is in thousandths of a percent: 8.875% is 8875 (contract/pricing.ts converts).
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    country: text('country').notNull(),
    region: text('region').notNull().default(''),
    name: text('name').notNull(),
    rate: integer('rate').notNull(),
    // Whether the destination taxes the shipping charge too.
    taxShipping: boolean('tax_shipping').notNull().default(false),
  },
  (t) => [
    unique('tax_rates_place_key').on(t.country, t.region),
    check('tax_rates_rate_range', sql`${t.rate} >= 0 and ${t.rate} <= 100000`),
  ],
);

/**
 * A country the admin has said charges no tax where no rate of it applies ("no tax here"): its
 * addresses are priced at 0% on purpose. `setByUpgrade`: marked when this table was added for a zone
 * country the shop was already selling to untaxed, until the admin reviews it.
 */
export const noTaxCountries = pgTable('no_tax_countries', {
  country: text('country').primaryKey(),
  setByUpgrade: boolean('set_by_upgrade').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
