import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { DisputesService } from '../disputes';
import type { CheckoutService } from '../orders';
import type { PaymentsService } from '../payments';
import type { RefundsService } from '../refunds';
import * as repo from './webhooks.repository';

type Deps = {
  payments: PaymentsService;
  checkout: CheckoutService;
  refunds: RefundsService;
  disputes: DisputesService;
};

export type WebhookHeaders = {
  'paypal-auth-algo': string;
  'paypal-cert-url': string;
  'paypal-transmission-id': string;
  'paypal-transmission-sig': string;
  'paypal-transmission-time': string;
};

const eventSchema = z.object({
  id: z.string().min(1).max(100),
  event_type: z.string().min(1).max(100),
  resource: z
    .object({
      id: z.string().max(100).optional(),
      supplementary_data: z
        .object({ related_ids: z.object({ order_id: z.string().max(100).optional() }) })
        .optional(),
    })
    .loose(),
});
type PayPalEvent = z.infer<typeof eventSchema>;

// A PAYMENT.CAPTURE.REFUNDED resource is the refund; its "up" link names the capture.
// PAYMENT.CAPTURE.REVERSED's is the same kind of object: a refund PayPal made (a chargeback).
const refundSchema = z.object({
  id: z.string().min(1).max(100),
  // Checked against the order by the refunds and disputes modules (amount-check.ts).
  amount: z.object({ currency_code: z.string().max(10), value: z.string().max(30) }),
  links: z.array(z.object({ href: z.string().max(500), rel: z.string() })).max(20),
});
// A CUSTOMER.DISPUTE.* resource is the dispute; seller_transaction_id is our capture's id.
const disputeSchema = z.object({
  dispute_id: z.string().min(1).max(255),
  status: z.string().max(100).default(''),
  disputed_transactions: z
    .array(z.object({ seller_transaction_id: z.string().max(100).optional() }))
    .max(50)
    .default([]),
  dispute_outcome: z.object({ outcome_code: z.string().max(100).optional() }).optional(),
});
const captureIdOf = (links: { href: string; rel: string }[]) =>
  links.find((l) => l.rel === 'up')?.href.match(/\/captures\/([^/?#]+)$/)?.[1] ?? '';

/**
 * `flagged`: an amount PayPal reported cannot be the order's (another currency, more than is
 * left): nothing was recorded, the order is flagged for the admin, and the delivery answers 200
 * so PayPal does not deliver it again and again for days; a retry could never succeed.
 */
export type WebhookOutcome = 'processed' | 'replayed' | 'ignored' | 'flagged';

/**
 * PayPal's webhooks (CHECKOUT.ORDER.APPROVED, PAYMENT.CAPTURE.COMPLETED/PENDING/DENIED/DECLINED/
 * REFUNDED/REVERSED, CUSTOMER.DISPUTE.CREATED/UPDATED/RESOLVED).
 * Invariants: nothing changes unless PayPal's verify-webhook-signature API says the delivery
 * is genuine; an event id is handled once (a replay changes nothing); and an event only says
 * when to look: the order's state is then taken from PayPal itself, as for any capture.
 */
export class WebhooksService {
  constructor(
    private readonly db: Db,
    private readonly deps: Deps,
  ) {}

  async receive(headers: WebhookHeaders, rawBody: string): Promise<WebhookOutcome> {
    const genuine = await this.deps.payments.verifyWebhook({ headers, rawBody });
    if (!genuine) {
      throw new AppError('INVALID_INPUT', 'The webhook signature could not be verified');
    }
    const parsed = eventSchema.safeParse(JSON.parse(rawBody));
    if (!parsed.success) throw new AppError('INVALID_INPUT', 'The webhook event is malformed');
    const event = parsed.data;
    if (await repo.isProcessed(this.db, event.id)) return 'replayed';
    const handled = await this.handle(event);
    await repo.markProcessed(this.db, {
      id: event.id,
      eventType: event.event_type,
      resourceId: event.resource.id ?? '',
    });
    if (handled === 'flagged') return 'flagged';
    return handled ? 'processed' : 'ignored';
  }

  private async handle(event: PayPalEvent) {
    const { checkout } = this.deps;
    const orderId = event.resource.supplementary_data?.related_ids.order_id;
    switch (event.event_type) {
      case 'CHECKOUT.ORDER.APPROVED':
        return settle(checkout, event.resource.id, 'approved');
      // A capture's status changed (a PENDING one completed, or was held or denied): PayPal
      // is asked about the capture itself before anything is recorded.
      case 'PAYMENT.CAPTURE.COMPLETED':
      case 'PAYMENT.CAPTURE.PENDING':
        return settle(checkout, orderId, 'completed');
      case 'PAYMENT.CAPTURE.DENIED':
      case 'PAYMENT.CAPTURE.DECLINED':
        return settle(checkout, orderId, 'denied');
      case 'PAYMENT.CAPTURE.REFUNDED':
        return this.refunded(event);
      case 'PAYMENT.CAPTURE.REVERSED':
        return this.reversed(event);
      case 'CUSTOMER.DISPUTE.CREATED':
      case 'CUSTOMER.DISPUTE.UPDATED':
      case 'CUSTOMER.DISPUTE.RESOLVED':
        return this.disputeChanged(event);
      default:
        return false;
    }
  }

  /** A refund, ours or made in PayPal's dashboard: recorded on the order once. */
  private async refunded(event: PayPalEvent) {
    const refund = refundSchema.safeParse(event.resource);
    if (!refund.success) return false;
    return this.deps.refunds.recordFromPayPal({
      captureId: captureIdOf(refund.data.links),
      paypalRefundId: refund.data.id,
      amount: refund.data.amount,
    });
  }

  /** A chargeback: the capture's money (or part) taken back, recorded on the order once. */
  private async reversed(event: PayPalEvent) {
    const reversal = refundSchema.safeParse(event.resource);
    if (!reversal.success) return false;
    return this.deps.disputes.recordReversal({
      captureId: captureIdOf(reversal.data.links),
      reversalId: reversal.data.id,
      amount: reversal.data.amount,
    });
  }

  /** A buyer's dispute opened, updated or resolved: the disputed orders' flag follows it. */
  private async disputeChanged(event: PayPalEvent) {
    const dispute = disputeSchema.safeParse(event.resource);
    if (!dispute.success) return false;
    const { data } = dispute;
    return this.deps.disputes.disputeChanged({
      disputeId: data.dispute_id,
      isResolved: event.event_type === 'CUSTOMER.DISPUTE.RESOLVED' || data.status === 'RESOLVED',
      outcome: data.dispute_outcome?.outcome_code ?? '',
      captureIds: data.disputed_transactions.flatMap((t) =>
        t.seller_transaction_id ? [t.seller_transaction_id] : [],
      ),
    });
  }
}

async function settle(
  checkout: CheckoutService,
  paypalOrderId: string | undefined,
  event: 'approved' | 'completed' | 'denied',
) {
  if (!paypalOrderId) return false;
  try {
    await checkout.settleFromPayPal(paypalOrderId, event);
  } catch (error) {
    // PayPal refused the capture (declined, not approved): final, nothing to retry. Anything
    // else (PayPal unreachable) answers 5xx so PayPal delivers the event again.
    if (error instanceof AppError && error.code === 'CONFLICT') return true;
    throw error;
  }
  return true;
}
