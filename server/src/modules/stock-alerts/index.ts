// deleteStockAlertsOf takes the privacy erasure's transaction, so it is a function, not a service
// method.
export { deleteStockAlertsOf } from './stock-alerts.repository';
export { default as stockAlertsRoutes } from './stock-alerts.routes';
export { StockAlertsService } from './stock-alerts.service';
