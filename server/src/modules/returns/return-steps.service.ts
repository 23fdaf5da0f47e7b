import { isId } from '@contract/common';
import type { Return } from '@contract/returns';
import {
  isWholeOrderBack,
  type ReturnStatus,
  returnStatusLabels,
  type WithdrawalException,
} from '@contract/returns';
import type { Db, Executor } from '../../db/client';
import { transact } from '../../db/transaction';
import { AppError, notFound } from '../../lib/app-error';
import type { StockService } from '../inventory';
import type { OrdersService } from '../orders';
import { fulfilmentFacts, type OrderRecord } from '../orders';
import type { RefundsService } from '../refunds';
import type { ShippingService } from '../shipping';
import { deliveryRefund, type LineMoney, lineRefundCents } from './return-amounts';
import type { ReturnMail } from './return-mail';
import { withLines } from './return-views';
import * as repo from './returns.repository';

type Deps = {
  orders: OrdersService;
  refunds: RefundsService;
  stock: StockService;
  shipping: ShippingService;
  mail: ReturnMail;
};
type Step = 'approve' | 'refuse' | 'receive' | 'refund' | 'exception';

// What each step needs the return to be at, and the message when it is not.
const needs: Record<Step, readonly ReturnStatus[]> = {
  approve: ['requested'],
  refuse: ['requested'],
  receive: ['approved'],
  refund: ['received'],
  exception: ['requested', 'approved', 'received'],
};
// A withdrawal needs no approval: it is received from either step.
const withdrawalReceivable: readonly ReturnStatus[] = ['requested', 'approved'];

function stepConflict(step: Step, status: ReturnStatus) {
  if (status === 'requested' && step !== 'exception') {
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

  /**
   * Only an ordinary return, asked after the withdrawal period, may be refused: a withdrawal
   * made in time (by the form, or as a return within the period) has no outcome but its refund
   * (art. 9(1), 13); where an art. 16 exception applies, the admin records it instead.
   */
  async refuse(adminId: string, id: string, reason: string) {
    const { row } = await this.find(this.db, id);
    if (row.isWithdrawalRight) {
      throw new AppError(
        'CONFLICT',
        'A withdrawal made within the withdrawal period cannot be refused; record an art. 16 exception if one applies',
      );
    }
    return this.decide(id, 'refuse', {
      status: 'refused',
      refusalReason: reason,
      decidedBy: adminId,
    });
  }

  /**
   * Records that an art. 16 exception takes these goods out of the right of withdrawal, with
   * the admin's reason, which the shopper reads on the order and in an email. Its units are
   * then the contract's again: not refunded, and shipped if they have not left.
   */
  async recordException(
    adminId: string,
    id: string,
    exception: WithdrawalException,
    reason: string,
  ) {
    const { row } = await this.find(this.db, id);
    if (!row.isWithdrawalRight) {
      throw new AppError(
        'CONFLICT',
        'An art. 16 exception applies to withdrawals only; refuse an ordinary return instead',
      );
    }
    return this.decide(id, 'exception', {
      status: 'exception',
      exception,
      exceptionReason: reason,
      decidedBy: adminId,
    });
  }

  private async decide(id: string, step: Step, values: Parameters<typeof repo.advance>[3]) {
    return transact(this.db, async (tx) => {
      const row = await this.advance(tx, id, step, { ...values, decidedAt: new Date() });
      const { order, view } = await this.load(tx, row);
      if (step === 'approve') await this.deps.mail.approved(tx, order, view, row.email);
      else if (step === 'exception') await this.deps.mail.exception(tx, order, view, row.email);
      else await this.deps.mail.refused(tx, order, view, row.email);
      return view;
    });
  }

  /** The parcel is back (or, for an order never shipped, nothing needs to come back). */
  async receive(id: string, lines: Array<{ lineId: string; restock: boolean }>) {
    const { view, productIds } = await transact(this.db, (tx) => this.receiveIn(tx, id, lines));
    this.deps.stock.changed(productIds);
    return view;
  }

  private async receiveIn(
    tx: Executor,
    id: string,
    lines: Array<{ lineId: string; restock: boolean }>,
  ) {
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
    const row = await this.advance(
      tx,
      id,
      'receive',
      { status: 'received', receivedAt: new Date() },
      current.isWithdrawalRight ? withdrawalReceivable : undefined,
    );
    for (const line of lines) await repo.setRestocked(tx, id, line.lineId, line.restock);
    const { order, view } = await this.load(tx, row);
    // Each size goes back to its own variant's stock, as a cancellation's release does.
    const restock = view.lines
      .filter((l) => l.restocked)
      .map((l) => {
        const item = order.lines.find((i) => i.lineId === l.lineId)!;
        return { productId: item.productId, variantId: item.variantId, quantity: l.quantity };
      });
    const productIds = restock.length > 0 ? await this.deps.stock.release(tx, restock) : [];
    await this.deps.mail.received(tx, order, view, row.email);
    return { view, productIds };
  }

  /**
   * Refunds a received return through PayPal: its lines' paid share (discount and tax
   * included), plus the standard delivery cost and its tax when it brings the order's last item
   * back within the withdrawal period; never more than is left of what was paid. A refund
   * PayPal refused puts the return back at "received".
   */
  async refund(adminId: string, id: string) {
    const { row: first } = await this.find(this.db, id);
    // A withdrawal of units that never left has nothing to wait for: one click receives them
    // back into stock and refunds them.
    if (
      first.isWithdrawalRight &&
      !first.awaitsGoods &&
      withdrawalReceivable.includes(first.status)
    ) {
      const current = await this.get(this.db, id);
      await this.receive(
        id,
        current.lines.map((l) => ({ lineId: l.lineId, restock: true })),
      );
    }
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
    const { linesCents, isWholeOrder } = refundOf(order, view);
    const shippingCents = isWholeOrder ? await this.deliveryRefundCents(order) : 0;
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
    const found = isId(id) ? await repo.findById(db, id) : undefined;
    if (!found) throw notFound('Return');
    return found;
  }

  async get(db: Executor, id: string) {
    return (await withLines(db, [await this.find(db, id)]))[0]!;
  }

  /**
   * The delivery cost refunded with the order's last item (art. 13(1)): what it paid, but no
   * more than the cheapest method that ships there would cost it now (art. 13(2): a dearer
   * method's supplement is kept), with the tax charged on it. No method ships there any more:
   * what it paid.
   */
  private async deliveryRefundCents(order: OrderRecord) {
    const { country, region } = order.address;
    const rates = await this.deps.shipping.ratesFor(country, region);
    return deliveryRefund(order, rates).totalCents;
  }

  private async advance(
    tx: Executor,
    id: string,
    step: Step,
    values: Parameters<typeof repo.advance>[3],
    from: readonly ReturnStatus[] = needs[step],
  ) {
    const row = await repo.advance(tx, id, from, values);
    if (row) return row;
    throw stepConflict(step, (await this.find(tx, id)).row.status);
  }

  private async load(tx: Executor, row: repo.ReturnRow) {
    const order = (await this.deps.orders.find(row.orderId, tx))!;
    const view = order.returns.find((r) => r._id === row.id) ?? (await this.get(tx, row.id));
    return { order, view };
  }
}

/**
 * The return's refund: each line's share after what earlier refunded returns took of it, and
 * whether the delivery cost goes with it.
 */
export function refundOf(order: OrderRecord, ret: Return) {
  const refundedBefore = new Map<string, number>();
  for (const other of order.returns) {
    if (other._id === ret._id || other.status !== 'refunded') continue;
    for (const l of other.lines) {
      refundedBefore.set(l.lineId, (refundedBefore.get(l.lineId) ?? 0) + l.quantity);
    }
  }
  let linesCents = 0;
  for (const line of ret.lines) {
    const item = order.lines.find((i) => i.lineId === line.lineId)!;
    const money: LineMoney = { ...item, orderedQuantity: item.quantity };
    linesCents += lineRefundCents(
      money,
      order.pricesIncludeTax,
      refundedBefore.get(line.lineId) ?? 0,
      line.quantity,
    );
  }
  return { linesCents, isWholeOrder: bringsLastItemBack(order, ret) };
}

/**
 * Whether this return brings the order's last item back within the withdrawal period, in one
 * step or several (withdrawals and returns asked within it, neither refused nor excepted), and
 * no earlier one was refunded the delivery cost already.
 */
function bringsLastItemBack(order: OrderRecord, ret: Return) {
  if (!ret.isWithdrawalRight) return false;
  const others = order.returns.filter((r) => r._id !== ret._id);
  if (others.some((r) => r.shippingRefundAmount > 0)) return false;
  const inPeriod = others.filter(
    (r) => r.isWithdrawalRight && r.status !== 'refused' && r.status !== 'exception',
  );
  return isWholeOrderBack(fulfilmentFacts(order), [...inPeriod, ret]);
}
