import { type ReturnReason, type ReturnReportRow, returnReasons } from '@contract/returns';
import { and, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import type { OrdersService } from '../orders';
import { returnLines, returns } from './returns.table';

const DAY_MS = 24 * 60 * 60 * 1000;
const TOP = 20;

// The two reads of return lines group this module's own rows: each line carries its order
// line's product and size, each return its order's date (copied when the return is written).
// The returns of the period are found on returns_order_date_idx, their lines by primary key.

/** Returns of orders placed since `from`, not refused, per product (its top `TOP`). */
function topProducts(db: Executor, from: Date) {
  const units = sql<number>`sum(${returnLines.quantity})::int`;
  return db
    .select({ productId: returnLines.productId, units })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(and(ne(returns.status, 'refused'), gte(returns.orderDate, from)))
    .groupBy(returnLines.productId)
    .orderBy(desc(units), returnLines.productId)
    .limit(TOP);
}

function returnedBySizeAndReason(db: Executor, from: Date, productIds: string[]) {
  return db
    .select({
      productId: returnLines.productId,
      size: returnLines.size,
      reason: returnLines.reason,
      units: sql<number>`sum(${returnLines.quantity})::int`,
    })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(
      and(
        ne(returns.status, 'refused'),
        gte(returns.orderDate, from),
        inArray(returnLines.productId, productIds),
      ),
    )
    .groupBy(returnLines.productId, returnLines.size, returnLines.reason);
}

const noReasons = () =>
  Object.fromEntries(returnReasons.map((r) => [r, 0])) as Record<ReturnReason, number>;

/**
 * Why things come back: of the orders placed in the last `days` days, the 20 products returned
 * most (returns not refused, asked or further), each with its sizes. Three bounded queries: the
 * top products first, then only their sizes and reasons.
 */
export class ReturnsReport {
  constructor(
    private readonly db: Db,
    private readonly orders: OrdersService,
  ) {}

  async report(days: number, now = new Date()): Promise<ReturnReportRow[]> {
    const from = new Date(now.getTime() - days * DAY_MS);
    const top = await topProducts(this.db, from);
    if (top.length === 0) return [];
    const ids = top.map((t) => t.productId);
    const returned = await returnedBySizeAndReason(this.db, from, ids);
    const sold = await this.orders.unitsSoldBySize(from, ids);
    const rows: ReturnReportRow[] = [];
    for (const { productId } of top) {
      const sizes = new Map<string, ReturnReportRow>();
      const row = (size: string) => {
        let r = sizes.get(size);
        if (!r) {
          r = {
            productId,
            title: '',
            size,
            soldUnits: 0,
            returnedUnits: 0,
            rate: 0,
            reasons: noReasons(),
          };
          sizes.set(size, r);
        }
        return r;
      };
      const total = row('');
      for (const s of sold.filter((s) => s.productId === productId)) {
        total.title ||= s.title;
        total.soldUnits += s.units;
        if (s.size) row(s.size).soldUnits += s.units;
      }
      for (const r of returned.filter((r) => r.productId === productId)) {
        total.returnedUnits += r.units;
        total.reasons[r.reason] += r.units;
        if (r.size) {
          row(r.size).returnedUnits += r.units;
          row(r.size).reasons[r.reason] += r.units;
        }
      }
      for (const r of sizes.values()) {
        r.title = total.title;
        r.rate = r.soldUnits > 0 ? Math.round((r.returnedUnits / r.soldUnits) * 1000) / 1000 : 0;
      }
      rows.push(
        total,
        ...[...sizes.values()]
          .filter((r) => r.size !== '')
          .sort((a, b) => b.returnedUnits - a.returnedUnits || a.size.localeCompare(b.size)),
      );
    }
    return rows;
  }
}
