// The stock-alerts module's entry for what other modules write of a shopper's stock alerts beyond
// its service (the privacy module's erasure): each function takes the executor (or transaction)
// its caller holds. Its service is still imported from its file.
export { deleteStockAlertsOf } from './stock-alerts.repository';
