import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import {
  type CapturedPayment,
  type CaptureState,
  type Money,
  type PaymentProvider,
  type PaymentRequest,
  type PaymentState,
  RefundRefused,
  type WebhookDelivery,
} from './payment-provider';
import {
  approvalLink,
  captureOf,
  captureStateOf,
  PayPalClient,
  PayPalError,
  type TrackerInput,
} from './paypal-client';
import { paypalAmount } from './paypal-requests';

export type {
  CapturedPayment,
  CaptureState,
  Money,
  PaymentBreakdown,
  PaymentLine,
  PaymentState,
  ShippingAddress,
} from './payment-provider';

/** The currency every PayPal order is opened in; what PayPal reports back is checked against it. */
export const PAYMENT_CURRENCY = 'USD';

/**
 * The PayPal provider (Orders v2 API, or its simulator at PAYPAL_API_BASE); failures become
 * messages a shopper can act on.
 */
export class PaymentsService implements PaymentProvider {
  readonly name = 'paypal';
  readonly client: PayPalClient;

  constructor(private readonly config: Config) {
    const { paypal } = config;
    this.client = new PayPalClient({
      baseUrl: paypal.apiBase,
      clientId: paypal.clientId,
      clientSecret: paypal.clientSecret,
      timeoutMs: paypal.timeoutMs,
    });
  }

  get isSandbox() {
    return this.config.paypal.isSandbox;
  }

  /** Creates the PayPal order; the shopper approves it at the returned URL. */
  async create(request: PaymentRequest) {
    const { orderId, orderNumber, totalCents, breakdown, lines, shipping } = request;
    const amount = (cents: number) => paypalAmount(cents, request.currency);
    const { publicUrl } = this.config;
    try {
      const order = await this.client.createOrder(
        {
          referenceId: orderId,
          invoiceId: String(orderNumber),
          amount: amount(totalCents),
          breakdown: {
            itemTotal: amount(lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0)),
            shipping: amount(breakdown.shippingCents),
            taxTotal: amount(breakdown.taxCents),
            discount: amount(breakdown.discountCents),
          },
          items: lines.map((l) => ({
            name: l.title,
            quantity: l.quantity,
            unitAmount: amount(l.unitCents),
          })),
          shipping,
          returnUrl: `${publicUrl}/shop/paypal-return`,
          cancelUrl: `${publicUrl}/shop/paypal-cancel`,
          brandName: this.config.SHOP_NAME,
        },
        `${orderId}-create`,
      );
      const approvalUrl = approvalLink(order);
      if (!approvalUrl) throw new PayPalError('invalid', 'PayPal sent no approval link');
      return { providerOrderId: order.id, approvalUrl };
    } catch (error) {
      throw toAppError(error, 'start');
    }
  }

  /**
   * Captures the approved PayPal order. PayPal replays the stored answer of a PayPal-Request-Id,
   * so the caller keeps one key until a refusal is final (a timeout's retry is then a replay,
   * never a second charge) and takes a new one after it (or the refusal would be replayed).
   */
  async capture(paypalOrderId: string, requestId: string): Promise<CapturedPayment> {
    try {
      const order = await this.client.captureOrder(paypalOrderId, requestId);
      const captured = captureOf(order);
      // An order COMPLETED says the capture was attempted; the capture's status says if it paid.
      if (order.status !== 'COMPLETED' || !captured) {
        throw new AppError('CONFLICT', 'PayPal did not complete the payment. Nothing was charged');
      }
      return captured;
    } catch (error) {
      if (error instanceof PayPalError && error.issue === 'ORDER_ALREADY_CAPTURED') {
        const captured = await this.completedPayment(paypalOrderId);
        if (captured) return captured;
      }
      throw toAppError(error, 'capture');
    }
  }

  /** The capture of a PayPal order if it was captured, undefined if not; throws if unreachable. */
  async completedPayment(paypalOrderId: string): Promise<CapturedPayment | undefined> {
    const state = await this.paymentState(paypalOrderId);
    return state.status === 'COMPLETED' ? state.payment : undefined;
  }

  /** Asks PayPal where the order stands (GET /v2/checkout/orders/{id}); throws if unreachable. */
  async paymentState(paypalOrderId: string): Promise<PaymentState> {
    try {
      const order = await this.client.getOrder(paypalOrderId);
      const captured = captureOf(order);
      if (order.status === 'COMPLETED' && captured)
        return { status: 'COMPLETED', payment: captured };
      if (order.status === 'CREATED' || order.status === 'APPROVED')
        return { status: order.status };
      // An order opened with a payment_source waits for its payer as PAYER_ACTION_REQUIRED.
      if (order.status === 'PAYER_ACTION_REQUIRED') return { status: 'CREATED' };
      return { status: 'OTHER' };
    } catch (error) {
      if (error instanceof PayPalError && error.kind === 'not_found') return { status: 'GONE' };
      throw toAppError(error, 'capture');
    }
  }

  /**
   * A capture's own status now (GET /v2/payments/captures/{id}), for one PayPal answered
   * PENDING; undefined when PayPal does not know it. Throws if PayPal is unreachable.
   */
  async captureState(
    captureId: string,
  ): Promise<{ status: CaptureState; reason: string; amount?: Money } | undefined> {
    try {
      const capture = await this.client.getCapture(captureId);
      return {
        status: captureStateOf(capture.status),
        reason: capture.status_details?.reason ?? '',
        ...(capture.amount ? { amount: capture.amount } : {}),
      };
    } catch (error) {
      if (error instanceof PayPalError && error.kind === 'not_found') return undefined;
      throw toAppError(error, 'capture');
    }
  }

  /**
   * Refunds all or part of a capture, `requestId` its PayPal-Request-Id. A 4xx answer is PayPal's
   * final no (RefundRefused); a timeout or outage leaves the outcome unknown (thrown as it came).
   */
  async refund(input: {
    captureId: string;
    amountCents: number;
    currency: string;
    note: string;
    requestId: string;
  }) {
    try {
      const result = await this.client.refundCapture(
        input.captureId,
        { amount: paypalAmount(input.amountCents, input.currency), note: input.note },
        input.requestId,
      );
      return { refundId: result.id, ...(result.amount ? { amount: result.amount } : {}) };
    } catch (error) {
      if (
        error instanceof PayPalError &&
        ['unprocessable', 'invalid', 'not_found'].includes(error.kind)
      ) {
        throw new RefundRefused(error.message);
      }
      throw error;
    }
  }

  /** Sends a parcel's tracking to PayPal; throws the PayPalError as it came (the caller retries). */
  async addTracking(paypalOrderId: string, tracker: TrackerInput, requestId: string) {
    await this.client.addTracking(paypalOrderId, tracker, requestId);
  }

  /**
   * Whether a webhook delivery really comes from PayPal, asked of PayPal's
   * verify-webhook-signature API. Without a configured webhook id nothing is trusted.
   */
  async verifyWebhook({ headers, rawBody }: WebhookDelivery): Promise<boolean> {
    const { webhookId } = this.config.paypal;
    if (!webhookId) return false;
    try {
      return await this.client.verifyWebhookSignature({
        authAlgo: headers['paypal-auth-algo'] ?? '',
        certUrl: headers['paypal-cert-url'] ?? '',
        transmissionId: headers['paypal-transmission-id'] ?? '',
        transmissionSig: headers['paypal-transmission-sig'] ?? '',
        transmissionTime: headers['paypal-transmission-time'] ?? '',
        webhookId,
        rawEvent: rawBody,
      });
    } catch (error) {
      // PayPal unreachable: answer 5xx so PayPal delivers the event again later.
      if (error instanceof PayPalError && error.kind === 'invalid') return false;
      throw toAppError(error, 'capture');
    }
  }
}

function toAppError(error: unknown, action: 'start' | 'capture'): Error {
  if (!(error instanceof PayPalError))
    return error instanceof Error ? error : new Error(String(error));
  const kept =
    action === 'capture'
      ? 'Your order is still open and you will not be charged twice'
      : 'Nothing was charged';
  let result: AppError;
  if (error.issue === 'ORDER_NOT_APPROVED') {
    result = new AppError(
      'CONFLICT',
      'The payment has not been approved at PayPal yet. Please approve it at PayPal first',
    );
  } else if (error.kind === 'not_found') {
    result = new AppError(
      'CONFLICT',
      'PayPal no longer knows this payment (it may have expired). Nothing was charged; please check out again',
    );
  } else if (error.kind === 'unprocessable') {
    result = new AppError(
      'CONFLICT',
      `PayPal declined the payment (${error.issue ?? 'refused'}). ${kept}`,
    );
  } else if (error.kind === 'timeout') {
    result = new AppError(
      'PAYMENT_FAILED',
      `PayPal did not answer in time. ${kept}; please try again in a moment`,
    );
  } else if (error.kind === 'auth') {
    result = new AppError(
      'PAYMENT_FAILED',
      `The shop could not sign in to PayPal. ${kept}; please try again later`,
    );
  } else {
    result = new AppError(
      'PAYMENT_FAILED',
      `PayPal is not available right now. ${kept}; please try again in a moment`,
    );
  }
  // Operators see PayPal's own words in the log (the error handler logs 5xx with the cause).
  return Object.assign(result, { cause: error });
}

/** What other modules may catch of a PayPal call (refunds). */
export { PayPalError } from './paypal-client';
