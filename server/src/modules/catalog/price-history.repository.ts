import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { productPriceHistory } from './price-history.table';

/**
 * The EU Omnibus "prior price" of each of these products that is on sale, in cents (absent: not
 * on sale). One grouped query for any number of products, read beside the products themselves.
 * The rules (docs/pricing.md, "The 30-day price (Omnibus)"):
 * - history rows in the order they took effect (valid_from, then id); a row is a price in
 *   effect from its valid_from until the next row's; a row in effect for no time (two changes
 *   in one transaction) was never paid and counts for nothing;
 * - the reduction began at the first row of the last uninterrupted run of sale rows (a sale
 *   price is always below the price, a database check): a further cut inside a sale keeps the
 *   reduction's start, so progressive reductions keep the price before the first one;
 * - the value is the lowest price paid in the 30 days before that start: every row in effect
 *   at any moment of [start - 30 days, start);
 * - no row before the start (a product created on sale): the lowest price paid since it was
 *   first offered, i.e. the lowest of the run itself.
 * Only rows before "now" decide, and they are all in the past: the value changes only when a
 * new row is written, that is when the product's price changes (which NOTIFYs every instance).
 */
export async function findLowestPrices(db: Executor, ids: readonly string[]) {
  const lowest = new Map<string, number>();
  if (ids.length === 0) return lowest;
  const result = await db.execute(sql`
    with h as (
      select product_id, sale_price_cents, pay_price_cents, valid_from,
        lead(valid_from) over w as valid_to,
        row_number() over w as n
      from ${productPriceHistory}
      where ${inArray(productPriceHistory.productId, [...ids])}
      window w as (partition by product_id order by valid_from, id)
    ),
    runs as (
      select product_id,
        coalesce(max(n) filter (where sale_price_cents = 0), 0) + 1 as first_sale,
        max(n) as last
      from h group by product_id
    ),
    starts as (
      select h.product_id, h.valid_from as start
      from h join runs r on r.product_id = h.product_id and h.n = r.first_sale
    )
    select s.product_id,
      coalesce(
        min(h.pay_price_cents) filter (
          where h.valid_from < s.start
            and (h.valid_to is null or h.valid_to > s.start - interval '30 days')
            and (h.valid_to is null or h.valid_to > h.valid_from)),
        min(h.pay_price_cents) filter (
          where h.valid_from >= s.start
            and (h.valid_to is null or h.valid_to > h.valid_from))
      ) as cents
    from starts s join h on h.product_id = s.product_id
    group by s.product_id`);
  for (const row of rowsOf<{ product_id: string; cents: number | string | null }>(result)) {
    if (row.cents !== null) lowest.set(row.product_id, Number(row.cents));
  }
  return lowest;
}

/** node-postgres answers `{ rows }`, PGlite too; both drivers' execute results. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** One price a product had from `validFrom` (a past moment) on. */
export type PastPrice = { priceCents: number; salePriceCents: number; validFrom: Date };

/**
 * Replaces these products' price history with the given rows in one statement each way (the
 * demo seed: its products read as if on sale for days, after weeks at their price). The last
 * row of each must be the product's current price, so the history stays true.
 */
export async function replacePriceHistory(db: Executor, histories: Map<string, PastPrice[]>) {
  const ids = [...histories.keys()];
  if (ids.length === 0) return;
  await db.delete(productPriceHistory).where(inArray(productPriceHistory.productId, ids));
  const rows = [...histories].flatMap(([productId, prices]) =>
    prices.map((p) => ({
      productId,
      priceCents: p.priceCents,
      salePriceCents: p.salePriceCents,
      payPriceCents: p.salePriceCents > 0 ? p.salePriceCents : p.priceCents,
      validFrom: p.validFrom,
    })),
  );
  if (rows.length > 0) await db.insert(productPriceHistory).values(rows);
}
