// The payments module's entry: the provider interface the money flows use, whatever the provider.
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
