import { fromCents } from '@contract/money';
import type { Return } from '@contract/returns';
import type { Executor } from '../../db/client';
import * as repo from './returns.repository';

export function toReturn(
  { row, orderNumber }: repo.ReturnWithNumber,
  lines: repo.ReturnLineView[],
): Return {
  return {
    _id: row.id,
    orderId: row.orderId,
    orderNumber,
    kind: row.kind,
    status: row.status,
    lines: lines
      .filter((l) => l.returnId === row.id)
      .map((l) => ({
        lineId: l.lineId,
        title: l.title,
        size: l.size,
        color: l.color,
        quantity: l.quantity,
        reason: l.reason,
        restocked: l.restocked,
      })),
    comment: row.comment,
    name: row.name,
    instructions: row.instructions,
    refusalReason: row.refusalReason,
    exception: row.exception,
    exceptionReason: row.exceptionReason,
    isWithdrawalRight: row.isWithdrawalRight,
    refundDueAt: row.refundDueAt?.toISOString() ?? null,
    awaitsGoods: row.awaitsGoods,
    refundAmount: fromCents(row.refundCents),
    shippingRefundAmount: fromCents(row.shippingRefundCents),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    receivedAt: row.receivedAt?.toISOString() ?? null,
    refundedAt: row.refundedAt?.toISOString() ?? null,
  };
}

/** Returns with their lines: two queries for any number of returns. */
export async function withLines(db: Executor, rows: repo.ReturnWithNumber[]) {
  const lines = await repo.findLines(
    db,
    rows.map((r) => r.row.id),
  );
  return rows.map((r) => toReturn(r, lines));
}

/** The returns part of order answers (OrdersService.providePart): one list, two queries. */
export async function returnsOfOrders(db: Executor, orderIds: string[]) {
  const all = await withLines(db, await repo.findForOrders(db, orderIds));
  const byOrder = new Map<string, Return[]>();
  for (const ret of all) byOrder.set(ret.orderId, [...(byOrder.get(ret.orderId) ?? []), ret]);
  return byOrder;
}
