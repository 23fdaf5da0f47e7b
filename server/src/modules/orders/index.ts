// The orders module's entry for what other modules read and write of an order beyond its
// services: each function takes the executor (or transaction) its caller holds. Its services are
// still imported from their files until their importers move here (.dependency-cruiser.mjs).
export {
  captureIdOf,
  findOrderPayer,
  lockOrder,
  orderIdOfCapture,
  releaseRefundedCents,
  reserveRefundedCents,
  setRefundPaymentStatus,
} from './order-refunds.repository';
export { orderLinesOf, orderNumbersOf, unitsSoldBySize } from './order-returns.repository';
// An account's erasure (the privacy module): its orders' ids, contact fields and links.
export {
  deleteClaimTokensOf,
  eraseOrderContacts,
  orderIdsOfPerson,
} from './orders-erasure.repository';
export { orderFiguresOf, pageOfOrdersToExport } from './orders-export.repository';
