import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';

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
