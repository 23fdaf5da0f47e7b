import type { SizeChartRow } from '@contract/garment-constants';
import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Size charts (issue 28): a row per size, a column per measurement, values in cm (a number, a
 * range or null). Columns and rows are small bounded lists (contract/size-charts.ts) kept as
 * JSON: they are always read and written whole with their chart.
 */
export const sizeCharts = pgTable(
  'size_charts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    unit: text('unit').notNull().default('cm'),
    columns: jsonb('columns').$type<string[]>().notNull(),
    rows: jsonb('rows').$type<SizeChartRow[]>().notNull(),
    howToMeasure: text('how_to_measure').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('size_charts_name_key').on(sql`lower(${t.name})`)],
);
