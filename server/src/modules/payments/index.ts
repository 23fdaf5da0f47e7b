export {
  type CapturedPayment,
  type PaymentBreakdown,
  type PaymentLine,
  type PaymentProvider,
  type PaymentRequest,
  type PaymentState,
  RefundRefused,
  type WebhookDelivery,
} from './payment-provider';
export {
  PAYMENT_CURRENCY,
  PaymentsService,
  PayPalError,
  type ShippingAddress,
} from './payments.service';
/** An order's total (or a refund) as PayPal's amount: one spelling for requests and checks. */
export { paypalAmount } from './paypal-requests';
export { default as paypalSandbox } from './simulator/paypal-sandbox.plugin';
