import { idSchema } from '@contract/common';
import { toCents } from '@contract/money';
import type { Order } from '@contract/orders';
import { type ReturnStatus, returnStatusLabels } from '@contract/returns';
import type { Db, Executor } from '../../db/client';
import { transact } from '../../db/transaction';
import { AppError, notFound } from '../../lib/app-error';
import type { StockService } from '../inventory';
import type { OrdersService } from '../orders/orders.service';
import type { RefundsService } from '../refunds/refunds.service';
import { type LineMoney, lineRefundCents } from './return-amounts';
import type { ReturnMail } from './return-mail';
import { withLines } from './return-views';
import * as repo from './returns.repository';

type Deps = {
  orders: OrdersService;
  refunds: RefundsService;
  stock: StockService;
  mail: ReturnMail;
};
type Step = 'approve' | 'refuse' | 'receive' | 'refund';

// What each step needs the return to be at, and the message when it is not.
const needs: Record<Step, ReturnStatus> = {
  approve: 'requested',
  refuse: 'requested',
  receive: 'approved',
  refund: 'received',
};

function stepConflict(step: Step, status: ReturnStatus) {
  if (status === 'requested') {
    return new AppError('CONFLICT', 'This return is not approved yet: approve or refuse it first');
  }
  if (step === 'refund' && status === 'approved') {
    return new AppError('CONFLICT', 'Mark this return received before refunding it');
  }
  return new AppError(
    'CONFLICT',
    `This return is already ${returnStatusLabels[status].toLowerCase()}`,
  );
}

/**
 * The admin's steps: requested -> approved | refused; approved -> received -> refunded. Each is
 * a conditional update from the step before (of racing clicks one wins, the others get 409),
 * in one transaction with its email to the shopper.
 */
export class ReturnStepsService {
  constructor(
    private readonly db: Db,
    private readonly deps: Deps,
  ) {}

  async approve(adminId: string, id: string, instructions: string) {
    return this.decide(id, 'approve', { status: 'approved', instructions, decidedBy: adminId });
  }

  async refuse(adminId: string, id: string, reason: string) {
    return this.decide(id, 'refuse', {
      status: 'refused',
      refusalReason: reason,
      decidedBy: adminId,
    });
  }

  private async decide(id: string, step: Step, values: Parameters<typeof repo.advance>[3]) {
    return transact(this.db, async (tx) => {
      const row = await this.advance(tx, id, step, { ...values, decidedAt: new Date() });
      const { order, view } = await this.load(tx, row);
      if (step === 'approve') await this.deps.mail.approved(tx, order, view, row.email);
      else await this.deps.mail.refused(tx, order, view, row.email);
      return view;
    });
  }

  /** The parcel is back (or, for an order never shipped, nothing needs to come back). */
  async receive(id: string, lines: Array<{ lineId: string; restock: boolean }>) {
    const { view, productIds } = await transact(this.db, async (tx) => {
      const current = await this.get(tx, id);
      const named = new Set(lines.map((l) => l.lineId));
      const theirs = new Set(current.lines.map((l) => l.lineId));
      if (
        named.size !== lines.length ||
        named.size !== theirs.size ||
        [...named].some((l) => !theirs.has(l))
      ) {
        throw new AppError(
          'INVALID_INPUT',
          'lines: name each line of this return once, with restock true or false',
        );
      }
      const row = await this.advance(tx, id, 'receive', {
        status: 'received',
        receivedAt: new Date(),
      });
      for (const line of lines) await repo.setRestocked(tx, id, line.lineId, line.restock);
      const { order, view } = await this.load(tx, row);
      // Each size goes back to its own variant's stock, as a cancellation's release does.
      const restock = view.lines
        .filter((l) => l.restocked)
        .map((l) => {
          const item = order.cartItems.find((i) => i.lineId === l.lineId)!;
          return { productId: item.productId, variantId: item.variantId, quantity: l.quantity };
        });
      if (restock.length > 0) await this.deps.stock.release(tx, restock);
      await this.deps.mail.received(tx, order, view, row.email);
      return { view, productIds: restock.map((r) => r.productId) };
    });
    this.deps.stock.changed(productIds);
    return view;
  }

  /**
   * Refunds a received return through PayPal: its lines' paid share (discount and tax
   * included), plus the shipping when a withdrawal takes back the whole order; never more than
   * is left of what was paid. A refund PayPal refused puts the return back at "received".
   */
  async refund(adminId: string, id: string) {
    const { row: first } = await this.find(this.db, id);
    try {
      await this.deps.refunds.refundReturn(adminId, first.orderId, (tx, remaining) =>
        this.claimRefund(tx, id, remaining),
      );
    } catch (error) {
      const { row } = await this.find(this.db, id);
      if (row.refundId && (await this.deps.refunds.hasFailed(row.refundId))) {
        await repo.undoRefund(this.db, id, row.refundId);
      }
      throw error;
    }
    return this.get(this.db, id);
  }

  /** Under the order's lock: checks the step and prices the return. */
  private async claimRefund(tx: Executor, id: string, remainingCents: number) {
    let { row } = await this.find(tx, id);
    // Refunded, but PayPal refused it later (the settling job): it may be refunded again.
    if (row.status === 'refunded' && row.refundId) {
      if (await this.deps.refunds.hasFailed(row.refundId, tx)) {
        row = (await repo.retryRefund(tx, id, row.refundId)) ?? row;
      }
    }
    if (row.status !== 'received') throw stepConflict('refund', row.status);
    const { order, view } = await this.load(tx, row);
    const { linesCents, shippingCents } = refundOf(order, view);
    const amountCents = Math.min(linesCents + shippingCents, remainingCents);
    const shippingPart = Math.max(0, Math.min(shippingCents, amountCents - linesCents));
    const what = view.kind === 'withdrawal' ? 'Withdrawal from' : 'Return of';
    return {
      amountCents,
      reason: `${what} order #${order.orderNumber}`,
      attach: async (inner: Executor, refundId: string | null) => {
        const done = await repo.advance(inner, id, 'received', {
          status: 'refunded',
          refundId,
          refundCents: amountCents,
          shippingRefundCents: shippingPart,
          refundedAt: new Date(),
        });
        if (!done) throw stepConflict('refund', 'refunded');
      },
    };
  }

  private async find(db: Executor, id: string) {
    const found = idSchema.safeParse(id).success ? await repo.findById(db, id) : undefined;
    if (!found) throw notFound('Return');
    return found;
  }

  async get(db: Executor, id: string) {
    return (await withLines(db, [await this.find(db, id)]))[0]!;
  }

  private async advance(
    tx: Executor,
    id: string,
    step: Step,
    values: Parameters<typeof repo.advance>[3],
  ) {
    const row = await repo.advance(tx, id, needs[step], values);
    if (row) return row;
    throw stepConflict(step, (await this.find(tx, id)).row.status);
  }

  private async load(tx: Executor, row: repo.ReturnRow) {
    const order = (await this.deps.orders.find(row.orderId, tx))!;
    const view = order.returns.find((r) => r._id === row.id) ?? (await this.get(tx, row.id));
    return { order, view };
  }
}

/** The return's refund: each line's share after what earlier refunded returns took of it. */
export function refundOf(order: Order, ret: Order['returns'][number]) {
  const refundedBefore = new Map<string, number>();
  for (const other of order.returns) {
    if (other._id === ret._id || other.status !== 'refunded') continue;
    for (const l of other.lines) {
      refundedBefore.set(l.lineId, (refundedBefore.get(l.lineId) ?? 0) + l.quantity);
    }
  }
  let linesCents = 0;
  for (const line of ret.lines) {
    const item = order.cartItems.find((i) => i.lineId === line.lineId)!;
    const money: LineMoney = {
      lineId: item.lineId,
      orderedQuantity: item.quantity,
      unitCents: toCents(item.price),
      discountCents: toCents(item.discount),
      taxCents: toCents(item.tax),
    };
    linesCents += lineRefundCents(
      money,
      order.pricesIncludeTax,
      refundedBefore.get(line.lineId) ?? 0,
      line.quantity,
    );
  }
  const isWholeOrder =
    ret.kind === 'withdrawal' &&
    order.cartItems.every(
      (i) => ret.lines.find((l) => l.lineId === i.lineId)?.quantity === i.quantity,
    );
  return { linesCents, shippingCents: isWholeOrder ? toCents(order.shippingAmount) : 0 };
}
