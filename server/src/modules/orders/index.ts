// The orders module's entry: its services, routes and status job, and what other modules read and
// write of an order in their own transaction (each function takes the executor it holds).

export { default as adminOrdersRoutes } from './admin-orders.routes';
// PayPal's amounts checked against the order (payments, refunds, chargebacks).
export {
  type Checked,
  checkAmount,
  flagAmount,
  type MismatchLog,
  type Reported,
  warnMismatch,
} from './amount-check';
export { CheckoutService } from './checkout.service';
export { default as guestOrdersRoutes } from './guest-orders.routes';
export { GuestOrdersService } from './guest-orders.service';
// The order other modules receive, and the API's order built from it by routes.
export { toApiOrder } from './order-answer';
// A chargeback's cents, added under the order's lock in the disputes module's transaction.
export { addReversedCents } from './order-disputes.repository';
export { default as orderExpiry } from './order-expiry';
// An order's payments: what refunds return money to and chargebacks name.
export {
  capturedPaymentOf,
  type OrderPaymentRow,
  orderIdOfCapture,
} from './order-payments.repository';
export {
  fulfilmentFacts,
  type OrderLine,
  type OrderParts,
  type OrderRecord,
  type WithOrderRecords,
} from './order-record';
export {
  releaseRefundedCents,
  reserveRefundedCents,
  setRefundPaymentStatus,
} from './order-refunds.repository';
export { orderLinesOf, orderNumbersOf } from './order-returns.repository';
// The order's row locked until the caller's transaction ends: changes to one order take turns.
export { lockOrder } from './orders.repository';
export { default as ordersRoutes } from './orders.routes';
export { OrdersService } from './orders.service';
// A person's erasure (the privacy module): their orders, locked, contact fields and links.
export {
  deleteClaimTokensOf,
  eraseOrderContacts,
  lockOrdersOfPerson,
} from './orders-erasure.repository';
export { PurchasesService } from './purchases.service';
export { default as quoteRoutes } from './quote.routes';
export { QuoteService } from './quote.service';
// Work done the same whether or not an order matched, kept only when one did (the withdrawal).
export { undoUnless } from './undo-unless';
