export {
  type CapturedPayment,
  PAYMENT_CURRENCY,
  type PaymentBreakdown,
  PaymentsService,
  PayPalError,
  type ShippingAddress,
} from './payments.service';
export { default as paypalSandbox } from './simulator/paypal-sandbox.plugin';
