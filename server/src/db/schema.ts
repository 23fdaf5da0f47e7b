// Every module owns its tables; this file only gathers them for Drizzle and drizzle-kit.
export * from '../modules/addresses/addresses.table';
export * from '../modules/auth/auth.table';
export * from '../modules/cart/cart.table';
export * from '../modules/catalog/catalog.table';
export * from '../modules/catalog/variants.table';
export * from '../modules/discounts/discounts.table';
export * from '../modules/email/email.table';
export * from '../modules/features/features.table';
export * from '../modules/orders/orders.table';
export * from '../modules/payments/simulator/simulator.table';
export * from '../modules/refunds/refunds.table';
export * from '../modules/reviews/reviews.table';
export * from '../modules/shipping/shipping.table';
export * from '../modules/stock-alerts/stock-alerts.table';
export * from '../modules/taxes/taxes.table';
export * from '../modules/webhooks/webhooks.table';
export * from '../modules/wishlist/wishlist.table';
