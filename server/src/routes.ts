import type { FastifyInstance } from 'fastify';
import pgliteMaintenance from './db/pglite-maintenance';
import { addressesRoutes } from './modules/addresses';
import { auditRoutes } from './modules/audit';
import { authForms, authLimits, authRoutes, sessionCleanup } from './modules/auth';
import { cartRoutes, guestCartCleanup } from './modules/cart';
import { adminProductsRoutes } from './modules/catalog';
import { csvRoutes } from './modules/csv';
import { customersRoutes, orderNotesRoutes } from './modules/customers';
import { discountsRoutes } from './modules/discounts';
import { adminDisputesRoutes } from './modules/disputes';
import { emailRoutes, emailSender } from './modules/email';
import { featuresRoutes } from './modules/features';
import { healthRoutes } from './modules/health';
import { mediaRoutes } from './modules/media';
import { mySizesRoutes } from './modules/my-sizes';
import {
  adminOrdersRoutes,
  guestOrdersRoutes,
  orderExpiry,
  ordersRoutes,
  quoteRoutes,
} from './modules/orders';
import { pagesRoutes } from './modules/pages';
import { paypalSandbox } from './modules/payments';
import { privacyAdminRoutes, privacyGuestRoutes, privacyRoutes } from './modules/privacy';
import { adminRefundsRoutes, refundSettler } from './modules/refunds';
import { adminReturnsRoutes, returnsRoutes } from './modules/returns';
import { reviewsRoutes } from './modules/reviews';
import { seoRoutes } from './modules/seo';
import { adminShipmentsRoutes, trackingSender } from './modules/shipments';
import { shippingRoutes } from './modules/shipping';
import { sizeChartsRoutes } from './modules/size-charts';
import { staffRoutes } from './modules/staff';
import { statsRoutes } from './modules/stats';
import { stockAlertsRoutes } from './modules/stock-alerts';
import { searchRoutes, shopProductsRoutes } from './modules/storefront';
import { taxesRoutes } from './modules/taxes';
import { webhooksRoutes } from './modules/webhooks';
import { wishlistRoutes } from './modules/wishlist';

/**
 * Every module's routes under their prefixes, and the background jobs, in one place: the map
 * of the API (server/src/modules/README.md lists it). app.ts registers the plugins they rely on first.
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
