import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyReply, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { PageRenderer } from '../../contract/page-render';
import { isPagePath } from '../../contract/pages';
import type { Config } from './config';
import type { Database } from './db/client';
import pgliteMaintenance from './db/pglite-maintenance';
import { refuseArrivalsWhileDraining } from './lib/graceful-shutdown';
import addressesRoutes from './modules/addresses/addresses.routes';
import auditPlugin from './modules/audit/audit.plugin';
import auditRoutes from './modules/audit/audit.routes';
import authForms from './modules/auth/auth.forms';
import { authLimits } from './modules/auth/auth.limits';
import authRoutes from './modules/auth/auth.routes';
import sessionCleanup from './modules/auth/session-cleanup';
import cartRoutes from './modules/cart/cart.routes';
import guestCartCleanup from './modules/cart/guest-cart-cleanup';
import adminProductsRoutes from './modules/catalog/admin-products.routes';
import searchRoutes from './modules/catalog/search.routes';
import shopProductsRoutes from './modules/catalog/shop-products.routes';
import { attachStorefrontCache } from './modules/catalog/storefront-cache';
import csvRoutes from './modules/csv/csv.routes';
import customersRoutes from './modules/customers/customers.routes';
import orderNotesRoutes from './modules/customers/order-notes.routes';
import discountsRoutes from './modules/discounts/discounts.routes';
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
import { attachPricingSettings } from './modules/pricing/pricing-settings';
import privacyRoutes from './modules/privacy/privacy.routes';
import privacyAdminRoutes from './modules/privacy/privacy-admin.routes';
import refundSettler from './modules/refunds/refund-settler';
import adminRefundsRoutes from './modules/refunds/refunds.routes';
import adminReturnsRoutes from './modules/returns/admin-returns.routes';
import returnsRoutes from './modules/returns/returns.routes';
import reviewsRoutes from './modules/reviews/reviews.routes';
import seoRoutes from './modules/seo/seo.routes';
import adminShipmentsRoutes from './modules/shipments/shipments.routes';
import shippingRoutes from './modules/shipping/shipping.routes';
import sizeChartsRoutes from './modules/size-charts/size-charts.routes';
import staffRoutes from './modules/staff/staff.routes';
import statsRoutes from './modules/stats/stats.routes';
import stockAlertsRoutes from './modules/stock-alerts/stock-alerts.routes';
import taxesRoutes from './modules/taxes/taxes.routes';
import webhooksRoutes from './modules/webhooks/webhooks.routes';
import wishlistRoutes from './modules/wishlist/wishlist.routes';
import errors from './plugins/errors';
import imageUrls from './plugins/image-urls';
import security, { allowCrossOriginEmbedding } from './plugins/security';
import sessions, { loadSessionUser } from './plugins/sessions';
import { createWebShell } from './plugins/web-shell';
import { OneLinePerRequest } from './request-log';
import { createServices } from './services';

export type BuildOptions = {
  config: Config;
  database: Database;
  sessionSecret: string;
  logger?: FastifyServerOptions['logger'];
  /** Level of the one line per completed request (main.ts: debug in development). */
  requestLogLevel?: 'info' | 'debug';
  /** Folder of the built client; served at / when it exists. */
  webRoot?: string;
  /**
   * The storefront renderer; by default the built one beside the client (dist/ssr), if any.
   * `null`: pages are drawn in the browser only.
   */
  renderer?: PageRenderer | null;
};

/** The renderer `vite build --ssr` wrote beside the client, when there is one. */
async function builtRenderer(webRoot: string): Promise<PageRenderer | undefined> {
  const file = path.resolve(webRoot, '..', 'ssr', 'entry-server.js');
  if (!existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as PageRenderer;
}

const defaultWebRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');
const REQUEST_ID = /^[\w-]{1,64}$/;

/** Builds the app without listening: main.ts starts it, tests inject into it. */
export async function buildApp(options: BuildOptions) {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new OneLinePerRequest(options.requestLogLevel ?? 'info'),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    forceCloseConnections: 'idle',
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    routerOptions: { maxParamLength: 500 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('services', createServices(options));
  app.decorate('draining', () => false);

  // A request that arrives while the server shuts down is refused before anything runs.
  app.addHook('onRequest', refuseArrivalsWhileDraining);

  // The request id is echoed so a shopper's error report can be found in the logs.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // External plugins.
  await app.register(errors);
  await app.register(cookie);
  // Real CORS for the origins in CORS_ORIGINS (a client served elsewhere, such as the original
  // one on :5173); other origins get no CORS headers, so browsers keep them out. Registered
  // before the security hooks so a refusal (403, 429) still reaches an allowed client.
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      // `false` leaves another origin's request without any CORS header, preflights included.
      origin: (origin, callback) =>
        callback(
          null,
          origin !== undefined && config.corsOrigins.includes(origin) ? origin : false,
        ),
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      exposedHeaders: [
        'retry-after',
        'ratelimit-limit',
        'ratelimit-remaining',
        'ratelimit-reset',
        'x-request-id',
      ],
      maxAge: 600,
    });
  }
  await app.register(security);
  await app.register(compress, { threshold: 1024, syncThreshold: 1024 * 1024 });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Shop API',
        version: '1.0.0',
        description: 'Storefront, admin and payment endpoints of the shop.',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'session' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // App plugins.
  await app.register(sessions);
  // Before the modules: its onRoute hook gives every admin write route its audit entry.
  await app.register(auditPlugin);
  await app.register(imageUrls);
  await attachStorefrontCache(app, app.services.storefrontCache);
  await attachPricingSettings(app, [app.services.shipping, app.services.taxes]);

  // Modules.
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
    taxesRoutes(() => app.services.taxes),
    { prefix: '/api/admin/tax-rates' },
  );
  await app.register(
    discountsRoutes(() => app.services.discounts),
    { prefix: '/api/admin/discounts' },
  );
  await app.register(adminOrdersRoutes, { prefix: '/api/admin/orders' });
  await app.register(adminRefundsRoutes, { prefix: '/api/admin/orders' });
  await app.register(adminShipmentsRoutes, { prefix: '/api/admin/orders' });
  await app.register(orderNotesRoutes, { prefix: '/api/admin/orders' });
  await app.register(customersRoutes, { prefix: '/api/admin/customers' });
  await app.register(privacyAdminRoutes, { prefix: '/api/admin/customers' });
  await app.register(privacyRoutes, { prefix: '/api/shop/account' });
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

  // The built client: hashed assets cached for good, every other path gets the SPA shell.
  const webRoot = options.webRoot ?? config.WEB_DIR ?? defaultWebRoot;
  const hasWeb = existsSync(path.join(webRoot, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      // The page shell (index.html) is completed per request below, "/" included.
      index: false,
      serveDotFiles: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (!filePath.endsWith('.html')) allowCrossOriginEmbedding(res);
      },
    });
  }
  const renderer =
    options.renderer === undefined && hasWeb ? await builtRenderer(webRoot) : options.renderer;
  const shell = hasWeb
    ? createWebShell(app, webRoot, {
        renderer: renderer ?? undefined,
        settings: {
          name: config.SHOP_NAME,
          contactEmail: config.contactEmail,
          publicStorefront: config.PUBLIC_STOREFRONT,
          guestCheckout: config.GUEST_CHECKOUT,
          publicUrl: config.publicUrl,
          country: config.SHOP_COUNTRY,
          pricesIncludeTax: config.PRICES_INCLUDE_TAX,
        },
      })
    : undefined;
  // Unknown API and image paths are JSON 404s; an unknown page path gets the app's not-found
  // page with status 404 (crawlers see a real 404). Page paths come from contract/pages.ts,
  // the list the client's router is built from. Pages are a catch-all route (more specific
  // routes and the client's files win), so they are compressed like every answer.
  const notFound = (reply: FastifyReply) =>
    reply.status(404).send({ success: false, code: 'NOT_FOUND', message: 'Not found' });
  if (shell) {
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (/^\/(api|uploads)(\/|$)/.test(pathname)) return notFound(reply);
      await loadSessionUser(request);
      if (!isPagePath(pathname)) reply.status(404);
      return shell(request, reply);
    });
  }
  app.setNotFoundHandler(async (_request, reply) => notFound(reply));

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
