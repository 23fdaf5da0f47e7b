import { decimalToCents } from '@contract/money';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { CheckoutService } from '../orders/checkout.service';
import type { PaymentsService } from '../payments/payments.service';
import type { RefundsService } from '../refunds/refunds.service';
import * as repo from './webhooks.repository';

type Deps = { payments: PaymentsService; checkout: CheckoutService; refunds: RefundsService };

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
const refundSchema = z.object({
  id: z.string().min(1).max(100),
  amount: z.object({ value: z.string().regex(/^\d{1,10}(\.\d{1,2})?$/) }),
  links: z.array(z.object({ href: z.string().max(500), rel: z.string() })).max(20),
});
const captureIdOf = (links: { href: string; rel: string }[]) =>
  links.find((l) => l.rel === 'up')?.href.match(/\/captures\/([^/?#]+)$/)?.[1] ?? '';

export type WebhookOutcome = 'processed' | 'replayed' | 'ignored';

/**
 * PayPal's webhooks (CHECKOUT.ORDER.APPROVED, PAYMENT.CAPTURE.COMPLETED/DENIED/REFUNDED).
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
    const genuine = await this.deps.payments.isGenuineWebhook({
      authAlgo: headers['paypal-auth-algo'],
      certUrl: headers['paypal-cert-url'],
      transmissionId: headers['paypal-transmission-id'],
      transmissionSig: headers['paypal-transmission-sig'],
      transmissionTime: headers['paypal-transmission-time'],
      rawEvent: rawBody,
    });
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
    return handled ? 'processed' : 'ignored';
  }

  private async handle(event: PayPalEvent) {
    const { checkout } = this.deps;
    const orderId = event.resource.supplementary_data?.related_ids.order_id;
    switch (event.event_type) {
      case 'CHECKOUT.ORDER.APPROVED':
        return settle(checkout, event.resource.id, 'approved');
      case 'PAYMENT.CAPTURE.COMPLETED':
        return settle(checkout, orderId, 'completed');
      case 'PAYMENT.CAPTURE.DENIED':
        return settle(checkout, orderId, 'denied');
      case 'PAYMENT.CAPTURE.REFUNDED':
        return this.refunded(event);
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
      amountCents: decimalToCents(refund.data.amount.value),
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
