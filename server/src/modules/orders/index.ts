// The orders module's entry for what other modules read and write of an order beyond its
// services: each function takes the executor (or transaction) its caller holds. Its services are
// still imported from their files until their importers move here (.dependency-cruiser.mjs).

// PayPal's amounts checked against the order (payments, refunds, chargebacks).
export { checkAmount, type MismatchLog, type Reported } from './amount-check';
// The order other modules receive, and the API's order built from it by routes.
export { toApiOrder } from './order-answer';
// The disputes module's changes of an order: chargebacks, disputes, "Ship anyway".
export {
  addReversedCents,
  openDispute,
  paypalRefsOf,
  resolveDispute,
  setShipOverride,
} from './order-disputes.repository';
// An order's payments: what refunds return money to and chargebacks name.
export {
  capturedPaymentOf,
  findPayment,
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
  findOrderPayer,
  releaseRefundedCents,
  reserveRefundedCents,
  setRefundPaymentStatus,
} from './order-refunds.repository';
export { orderLinesOf, orderNumbersOf, unitsSoldBySize } from './order-returns.repository';
// The order's row locked until the caller's transaction ends: changes to one order take turns.
export { lockOrder } from './orders.repository';
// A person's erasure (the privacy module): their orders, locked, contact fields and links.
export {
  deleteClaimTokensOf,
  eraseOrderContacts,
  lockOrdersOfPerson,
} from './orders-erasure.repository';
export { orderFiguresOf, pageOfOrdersToExport } from './orders-export.repository';
// A guest's privacy request names an order by number and email, as the lookup does.
export { findGuestOrder } from './orders-guest.repository';
// Work done the same whether or not an order matched, kept only when one did (the withdrawal).
export { undoUnless } from './undo-unless';
