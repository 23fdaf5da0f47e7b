import type { Care, CompositionPart } from '@contract/garment-constants';
import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sizeCharts } from '../size-charts/size-charts.table';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const directGin = { fastupdate: false };

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    image: text('image').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    brand: text('brand').notNull(),
    // The product's own SKU (upper-cased, unique when set): what a CSV import matches a product
    // by, and the group key of its variant rows (issue 27).
    sku: text('sku'),
    priceCents: integer('price_cents').notNull(),
    salePriceCents: integer('sale_price_cents').notNull().default(0),
    // What the shopper pays: sorts and price filters use it, so it is stored and indexed.
    payPriceCents: integer('pay_price_cents').generatedAlwaysAs(
      sql`case when sale_price_cents > 0 then sale_price_cents else price_cents end`,
    ),
    // The prior price of the current reduction (the lowest price of the 30 days before it,
    // contract/prior-price.ts), 0 when not on sale; stored by the catalogue's price writes. A
    // trigger empties it when a price changes otherwise (SQL by hand): then read from history.
    priorPriceCents: integer('prior_price_cents'),
    totalStock: integer('total_stock').notNull().default(0),
    averageReview: real('average_review').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    // Issue 28. A removed chart leaves its products without one (the update NOTIFYs them).
    sizeChartId: uuid('size_chart_id').references(() => sizeCharts.id, { onDelete: 'set null' }),
    composition: jsonb('composition').$type<CompositionPart[]>().notNull().default([]),
    care: jsonb('care').$type<Care>(),
    // The listing's fibre filter: derived from the composition by the catalog service
    // (mainFibre), stored so the listing index reads a column, '' without a composition.
    mainFibre: text('main_fibre').notNull().default(''),
    // How reviewers said the size they bought fitted, kept with the average by the reviews
    // module in the review's transaction.
    fitSmall: integer('fit_small').notNull().default(0),
    fitTrue: integer('fit_true').notNull().default(0),
    fitLarge: integer('fit_large').notNull().default(0),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', coalesce(title, '')), 'A') || setweight(to_tsvector('simple', coalesce(brand, '') || ' ' || coalesce(category, '')), 'B') || setweight(to_tsvector('simple', coalesce(description, '')), 'C')`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_price_positive', sql`${t.priceCents} > 0`),
    check(
      'products_sale_price_range',
      sql`${t.salePriceCents} >= 0 and ${t.salePriceCents} < ${t.priceCents}`,
    ),
    check('products_stock_nonnegative', sql`${t.totalStock} >= 0`),
    check(
      'products_category_check',
      sql`${t.category} in ('men', 'women', 'kids', 'accessories', 'footwear')`,
    ),
    check(
      'products_brand_check',
      sql`${t.brand} in ('nike', 'adidas', 'puma', 'levi', 'zara', 'h&m')`,
    ),
    uniqueIndex('products_sku_key').on(t.sku).where(sql`${t.sku} is not null`),
    // Listing: every sort, alone or under a category/brand filter, ends in id for stable pages.
    index('products_pay_price_idx').on(t.payPriceCents, t.id),
    index('products_title_idx').on(t.title, t.id),
    index('products_category_pay_price_idx').on(t.category, t.payPriceCents, t.id),
    index('products_brand_pay_price_idx').on(t.brand, t.payPriceCents, t.id),
    index('products_category_title_idx').on(t.category, t.title, t.id),
    // GIN indexes take writes straight into the tree (fastupdate off): a search would otherwise
    // scan every product written since the last vacuum, and PGlite never vacuums (docs/search.md).
    index('products_search_idx').using('gin', t.searchVector).with(directGin),
    index('products_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`).with(directGin),
    // Title sorts compare lower(title) byte-wise (same order on every database collation).
    index('products_title_sort_idx').on(sql`lower(${t.title}) collate "C"`, t.id),
    index('products_category_title_sort_idx').on(
      t.category,
      sql`lower(${t.title}) collate "C"`,
      t.id,
    ),
    index('products_brand_title_sort_idx').on(t.brand, sql`lower(${t.title}) collate "C"`, t.id),
    // A chart's edit drops the products showing it; its removal detaches them.
    index('products_size_chart_idx').on(t.sizeChartId).where(sql`${t.sizeChartId} is not null`),
    // Listing totals under a category and brand filter: counted from the index alone.
    index('products_category_brand_idx').on(t.category, t.brand),
    // Typo-tolerant search compares the keyword with title, brand and category at once.
    index('products_search_trgm_idx')
      .using('gin', sql`(${t.title} || ' ' || ${t.brand} || ' ' || ${t.category}) gin_trgm_ops`)
      .with(directGin),
  ],
);

/**
 * Every word of the catalogue's search documents, kept by triggers on products (migration
 * 0006): the vocabulary a mistyped keyword is corrected against. Words of removed products
 * stay, which costs at most a correction that then matches nothing.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gist', sql`${t.word} gist_trgm_ops`),
]);
