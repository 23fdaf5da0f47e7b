import { currentReduction, type PricePoint } from '@contract/prior-price';
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { products } from './catalog.table';
import { productPriceHistory } from './price-history.table';

/**
 * The prior price of each of these products' current reduction, in cents, computed from their
 * price history by the one rule (contract/prior-price.ts; absent: not on sale). One query for
 * any number of products. Read only on a write, and for a row whose stored prior price a
 * price change by another writer emptied (products.prior_price_cents).
 */
export async function findLowestPrices(db: Executor, ids: readonly string[]) {
  const lowest = new Map<string, number>();
  if (ids.length === 0) return lowest;
  const rows = await db
    .select({
      productId: productPriceHistory.productId,
      priceCents: productPriceHistory.priceCents,
      salePriceCents: productPriceHistory.salePriceCents,
      validFrom: productPriceHistory.validFrom,
    })
    .from(productPriceHistory)
    .where(inArray(productPriceHistory.productId, [...ids]))
    .orderBy(productPriceHistory.productId, productPriceHistory.validFrom, productPriceHistory.id);
  const histories = new Map<string, PricePoint[]>();
  for (const r of rows) {
    const points = histories.get(r.productId) ?? [];
    points.push({ priceCents: r.priceCents, salePriceCents: r.salePriceCents, from: +r.validFrom });
    histories.set(r.productId, points);
  }
  for (const [id, points] of histories) {
    const reduction = currentReduction(points);
    if (reduction) lowest.set(id, reduction.priorPriceCents);
  }
  return lowest;
}

/**
 * Stores these products' prior prices (0: not on sale) after a write of their prices, in the
 * writer's transaction, so reads take the column and never the history. A product on sale
 * whose history does not know the sale stores its sale price, which announces nothing.
 */
export async function storePriorPrices(db: Executor, ids: readonly string[]) {
  for (let i = 0; i < ids.length; i += 1000) {
    const batch = ids.slice(i, i + 1000);
    const [rows, lowest] = await Promise.all([
      db
        .select({ id: products.id, salePriceCents: products.salePriceCents })
        .from(products)
        .where(inArray(products.id, batch)),
      findLowestPrices(db, batch),
    ]);
    if (rows.length === 0) continue;
    const values = rows.map((r) => {
      const cents = r.salePriceCents > 0 ? (lowest.get(r.id) ?? r.salePriceCents) : 0;
      return sql`(${r.id}::uuid, ${cents}::int)`;
    });
    await db.execute(sql`
      update ${products} set prior_price_cents = v.cents
      from (values ${sql.join(values, sql`, `)}) as v(id, cents)
      where ${products.id} = v.id`);
  }
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
  await storePriorPrices(db, ids);
}
