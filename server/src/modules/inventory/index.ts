// Stock and reservations: the public surface of the inventory module. Other modules import
// from here only. Stock lives in the catalogue's rows (products.stock, product_variants.stock);
// this module is the one that reads it for a sale and moves it (with the catalog module's
// stockRows, the queries on those columns).
export {
  nowComesInSizes,
  type ReservedLine,
  type SaleProduct,
  type SaleVariant,
  type StockLine,
  StockService,
} from './stock.service';
