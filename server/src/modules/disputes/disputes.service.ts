import { isId } from '@contract/common';
import { decimalToCents } from '@contract/money';
import type { Db } from '../../db/client';
import { transact } from '../../db/transaction';
import { AppError, notFound } from '../../lib/app-error';
import type { OrdersService } from '../orders';
import {
  addReversedCents,
  type Checked,
  capturedPaymentOf,
  flagAmount,
  lockOrder,
  type MismatchLog,
  orderIdOfCapture,
  type Reported,
  warnMismatch,
} from '../orders';
import * as repo from './disputes.repository';

type Deps = { orders: OrdersService; log: MismatchLog };

/** A buyer's dispute as PayPal reports it (CUSTOMER.DISPUTE.*), on the captures it names. */
export type DisputeReport = {
  disputeId: string;
  isResolved: boolean;
  /** PayPal's dispute_outcome.outcome_code once resolved ('' before). */
  outcome: string;
  captureIds: string[];
};

/**
 * Chargebacks and disputes PayPal reports, and the admin's "Ship anyway". Invariants: a
 * reversal id adds its cents once (payment_reversals' key, under the order's row lock), never
 * past what refunds and chargebacks left of the payment; a resolved dispute is never reopened
 * by a late update; an open dispute or a chargeback holds shipments (fulfilmentHold) until an
 * admin overrides it, and a new one clears the override.
 */
export class DisputesService {
  constructor(
    private readonly db: Db,
    private readonly deps: Deps,
  ) {}

  /**
   * PAYMENT.CAPTURE.REVERSED: the capture's money, or part of it, taken back. True when
   * recorded (or already), false for a capture of no order, 'flagged' for an amount that
   * cannot be the shop's (another currency, more than is left): logged and flagged, not recorded.
   */
  async recordReversal(input: {
    captureId: string;
    reversalId: string;
    amount: Reported;
  }): Promise<boolean | 'flagged'> {
    const recorded = await transact(this.db, async (tx): Promise<Checked<boolean | 'flagged'>> => {
      const orderId = await orderIdOfCapture(tx, input.captureId);
      if (!orderId) return { outcome: false };
      const row = (await lockOrder(tx, orderId))!;
      if (await repo.isReversalRecorded(tx, input.reversalId)) return { outcome: true };
      const paid = (await capturedPaymentOf(tx, orderId))?.amountCents ?? 0;
      const left = Math.max(0, paid - row.refundedCents - row.reversedCents);
      const expected = { cents: left, atMost: true };
      const flagged = await flagAmount(tx, orderId, 'reversal', input.amount, expected);
      if (flagged) return { outcome: 'flagged', flagged };
      const amountCents = decimalToCents(input.amount!.value);
      if (!(await addReversedCents(tx, orderId, amountCents))) return { outcome: 'flagged' };
      await repo.insertReversal(tx, { id: input.reversalId, orderId, amountCents });
      return { outcome: true };
    });
    if (recorded.flagged) warnMismatch(this.deps.log, recorded.flagged);
    return recorded.outcome;
  }

  /** CUSTOMER.DISPUTE.CREATED/UPDATED/RESOLVED: the disputed orders' flag. False if none is ours. */
  async disputeChanged(report: DisputeReport) {
    let isOurs = false;
    for (const captureId of report.captureIds) {
      const changed = report.isResolved
        ? await this.deps.orders.resolveDispute(captureId, report.disputeId, report.outcome)
        : await this.deps.orders.openDispute(captureId, report.disputeId);
      isOurs ||= changed;
    }
    return isOurs;
  }

  /**
   * The admin's "Ship anyway": shipping goes on despite the open dispute or chargeback (their
   * risk, recorded with who and when; the route is audited). 409 when nothing holds it.
   */
  async overrideShipping(adminId: string, orderId: string) {
    if (!isId(orderId)) throw notFound('Order');
    if (!(await this.deps.orders.setShipOverride(orderId, adminId))) {
      const order = await this.deps.orders.find(orderId);
      if (!order) throw notFound('Order');
      throw new AppError(
        'CONFLICT',
        order.shipOverrideAt
          ? 'Shipping is already allowed for this order'
          : 'Nothing holds this order: it has no open dispute and no chargeback',
      );
    }
    return this.deps.orders.details(orderId);
  }
}
