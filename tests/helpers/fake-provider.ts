import { centsToDecimal } from '@contract/money';
import type {
  CapturedPayment,
  PaymentProvider,
  PaymentRequest,
  PaymentState,
} from '../../server/src/modules/payments/payment-provider';

type FakePayment = { request: PaymentRequest; approved: boolean; capture?: CapturedPayment };

/**
 * A payment provider held in memory: it records every call, a payment is approved when the
 * test says so, and a capture completes for the amount asked. Settlement tests run on it
 * without PayPal or its simulator.
 */
export class FakeProvider implements PaymentProvider {
  readonly name = 'fake';
  readonly calls: string[] = [];
  private readonly payments = new Map<string, FakePayment>();
  private next = 0;

  async create(request: PaymentRequest) {
    this.calls.push('create');
    this.next += 1;
    const providerOrderId = `FAKE-${this.next}`;
    this.payments.set(providerOrderId, { request, approved: false });
    return { providerOrderId, approvalUrl: `https://pay.example/approve/${providerOrderId}` };
  }

  /** The shopper approved the payment at the provider. */
  approve(providerOrderId: string) {
    this.payments.get(providerOrderId)!.approved = true;
  }

  async capture(providerOrderId: string, requestId: string) {
    this.calls.push(`capture ${requestId}`);
    const payment = this.payments.get(providerOrderId)!;
    payment.capture ??= {
      captureId: `${providerOrderId}-CAPTURE`,
      payerId: 'FAKE-PAYER',
      status: 'COMPLETED',
      reason: '',
      amount: {
        currency_code: payment.request.currency,
        value: centsToDecimal(payment.request.totalCents),
      },
    };
    return payment.capture;
  }

  async paymentState(providerOrderId: string): Promise<PaymentState> {
    this.calls.push('paymentState');
    const payment = this.payments.get(providerOrderId);
    if (!payment) return { status: 'GONE' };
    if (payment.capture) return { status: 'COMPLETED', payment: payment.capture };
    return { status: payment.approved ? 'APPROVED' : 'CREATED' };
  }

  async captureState(captureId: string) {
    this.calls.push('captureState');
    const payment = [...this.payments.values()].find((p) => p.capture?.captureId === captureId);
    return payment?.capture;
  }

  async refund(input: { captureId: string; amountCents: number; currency: string }) {
    this.calls.push(`refund ${input.amountCents}`);
    return {
      refundId: `${input.captureId}-REFUND-${this.calls.length}`,
      amount: { currency_code: input.currency, value: centsToDecimal(input.amountCents) },
    };
  }

  async verifyWebhook() {
    this.calls.push('verifyWebhook');
    return false;
  }
}
