// Stock and reservations. Stock lives in the catalogue's rows (products.stock,
// product_variants.stock); this module holds the queries that read it for a sale and move it.

// The one lock order every writer of stock keeps, in the writer's transaction (the SKU import).
export { lockStockRows } from './stock.repository';
export {
  nowComesInSizes,
  type ReservedLine,
  type SaleProduct,
  type SaleVariant,
  type StockLine,
  StockService,
} from './stock.service';
