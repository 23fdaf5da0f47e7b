import type { FastifyInstance } from 'fastify';
import pgliteMaintenance from './db/pglite-maintenance';
import addressesRoutes from './modules/addresses/addresses.routes';
import auditRoutes from './modules/audit/audit.routes';
import authForms from './modules/auth/auth.forms';
import { authLimits } from './modules/auth/auth.limits';
import authRoutes from './modules/auth/auth.routes';
import sessionCleanup from './modules/auth/session-cleanup';
import cartRoutes from './modules/cart/cart.routes';
import guestCartCleanup from './modules/cart/guest-cart-cleanup';
import { adminProductsRoutes } from './modules/catalog';
import csvRoutes from './modules/csv/csv.routes';
import customersRoutes from './modules/customers/customers.routes';
import orderNotesRoutes from './modules/customers/order-notes.routes';
import discountsRoutes from './modules/discounts/discounts.routes';
import adminDisputesRoutes from './modules/disputes/disputes.routes';
import emailRoutes from './modules/email/email.routes';
import emailSender from './modules/email/email-sender';
import featuresRoutes from './modules/features/features.routes';
import healthRoutes from './modules/health/health.routes';
import mediaRoutes from './modules/media/media.routes';
import mySizesRoutes from './modules/my-sizes/my-sizes.routes';
import adminOrdersRoutes from './modules/orders/admin-orders.routes';
import guestOrdersRoutes from './modules/orders/guest-orders.routes';
import orderExpiry from './modules/orders/order-expiry';
import ordersRoutes from './modules/orders/orders.routes';
import quoteRoutes from './modules/orders/quote.routes';
import pagesRoutes from './modules/pages/pages.routes';
import paypalSandbox from './modules/payments/simulator/paypal-sandbox.plugin';
import privacyRoutes from './modules/privacy/privacy.routes';
import privacyAdminRoutes from './modules/privacy/privacy-admin.routes';
import privacyGuestRoutes from './modules/privacy/privacy-guest.routes';
import refundSettler from './modules/refunds/refund-settler';
import adminRefundsRoutes from './modules/refunds/refunds.routes';
import adminReturnsRoutes from './modules/returns/admin-returns.routes';
import returnsRoutes from './modules/returns/returns.routes';
import reviewsRoutes from './modules/reviews/reviews.routes';
import seoRoutes from './modules/seo/seo.routes';
import adminShipmentsRoutes from './modules/shipments/shipments.routes';
import trackingSender from './modules/shipments/tracking-sender';
import shippingRoutes from './modules/shipping/shipping.routes';
import sizeChartsRoutes from './modules/size-charts/size-charts.routes';
import staffRoutes from './modules/staff/staff.routes';
import statsRoutes from './modules/stats/stats.routes';
import stockAlertsRoutes from './modules/stock-alerts/stock-alerts.routes';
import { searchRoutes, shopProductsRoutes } from './modules/storefront';
import taxesRoutes from './modules/taxes/taxes.routes';
import webhooksRoutes from './modules/webhooks/webhooks.routes';
import wishlistRoutes from './modules/wishlist/wishlist.routes';

/**
 * Every module's routes under their prefixes, and the background jobs, in one place: the map
 * of the API (docs/architecture.md draws it). app.ts registers the plugins they rely on first.
 */
export async function registerModules(app: FastifyInstance) {
  await app.register(healthRoutes);
  const limits = authLimits(app);
  await app.register(authRoutes, { prefix: '/api/auth', limits });
  await app.register(authForms, { prefix: '/auth', limits });
  await app.register(cartRoutes, { prefix: '/api/shop/cart' });
  await app.register(addressesRoutes, { prefix: '/api/shop/address' });
  await app.register(ordersRoutes, { prefix: '/api/shop/order' });
  await app.register(guestOrdersRoutes, { prefix: '/api/shop/order' });
  await app.register(quoteRoutes, { prefix: '/api/shop/checkout' });
  await app.register(
    shippingRoutes(() => app.services.shipping),
    { prefix: '/api/admin/shipping-zones' },
  );
  await app.register(
    taxesRoutes(() => app.services),
    { prefix: '/api/admin/tax-rates' },
  );
  await app.register(
    discountsRoutes(() => app.services.discounts),
    { prefix: '/api/admin/discounts' },
  );
  await app.register(adminOrdersRoutes, { prefix: '/api/admin/orders' });
  await app.register(adminRefundsRoutes, { prefix: '/api/admin/orders' });
  await app.register(adminShipmentsRoutes, { prefix: '/api/admin/orders' });
  await app.register(adminDisputesRoutes, { prefix: '/api/admin/orders' });
  await app.register(orderNotesRoutes, { prefix: '/api/admin/orders' });
  await app.register(customersRoutes, { prefix: '/api/admin/customers' });
  await app.register(privacyAdminRoutes, { prefix: '/api/admin/customers' });
  await app.register(privacyRoutes, { prefix: '/api/shop/account' });
  await app.register(privacyGuestRoutes, { prefix: '/api/shop/order/privacy' });
  await app.register(adminReturnsRoutes, { prefix: '/api/admin/returns' });
  await app.register(returnsRoutes, { prefix: '/api/shop' });
  await app.register(statsRoutes, { prefix: '/api/admin/stats' });
  await app.register(auditRoutes, { prefix: '/api/admin/audit' });
  await app.register(staffRoutes, { prefix: '/api/admin/staff' });
  await app.register(webhooksRoutes, { prefix: '/api/payments' });
  await app.register(orderExpiry);
  await app.register(sessionCleanup);
  await app.register(guestCartCleanup);
  await app.register(pgliteMaintenance);
  await app.register(emailSender);
  await app.register(refundSettler);
  await app.register(trackingSender);
  await app.register(emailRoutes, { prefix: '/api/admin/emails' });
  await app.register(paypalSandbox);
  await app.register(mediaRoutes);
  await app.register(adminProductsRoutes, { prefix: '/api/admin/products' });
  await app.register(csvRoutes, { prefix: '/api/admin' });
  await app.register(
    sizeChartsRoutes(() => app.services.sizeCharts),
    { prefix: '/api/admin/size-charts' },
  );
  await app.register(featuresRoutes, { prefix: '/api/common/feature' });
  await app.register(shopProductsRoutes, { prefix: '/api/shop/products' });
  await app.register(searchRoutes, { prefix: '/api/shop/search' });
  await app.register(reviewsRoutes, { prefix: '/api/shop/review' });
  await app.register(mySizesRoutes, { prefix: '/api/shop/my-sizes' });
  await app.register(wishlistRoutes, { prefix: '/api/shop/wishlist' });
  await app.register(stockAlertsRoutes, { prefix: '/api/shop/stock-alerts' });
  await app.register(pagesRoutes, { prefix: '/api/pages' });
  await app.register(seoRoutes);
}
