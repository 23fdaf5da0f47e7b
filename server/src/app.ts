import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { PageRenderer } from '@contract/page-render';
import { isPagePath } from '@contract/pages';
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
import type { Config } from './config';
import type { Database } from './db/client';
import { BackgroundWork } from './lib/background-work';
import { brotliParams } from './lib/cached-json';
import { refuseArrivalsWhileDraining } from './lib/graceful-shutdown';
import { auditPlugin } from './modules/audit';
import { attachPricingSettings } from './modules/pricing';
import { attachStorefrontCache } from './modules/storefront';
import { pageReads, routerOptions } from './page-shell/page-reads';
import { createWebShell } from './page-shell/web-shell';
import errors from './plugins/errors';
import imageUrls from './plugins/image-urls';
import security, { allowCrossOriginEmbedding } from './plugins/security';
import sessions, { loadSessionUser } from './plugins/sessions';
import { OneLinePerRequest } from './request-log';
import { registerModules } from './routes';
import { createServices } from './services';

export type BuildOptions = {
  config: Config;
  database: Database;
  sessionSecret: string;
  logger?: FastifyServerOptions['logger'];
  requestLogLevel?: 'info' | 'debug';
  webRoot?: string;
  /** By default the one built beside the client (dist/ssr); `null`: the browser draws pages. */
  renderer?: PageRenderer | null;
  loopLoad?: () => number;
};

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
    routerOptions,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('services', createServices({ ...options, log: app.log }));
  if (app.services.productJson.dir === undefined) {
    app.log.error('no directory to keep products in: each product is read from the database');
  }
  app.addHook('onClose', async () => app.services.productJson.close());
  app.decorate('draining', () => false);
  app.decorate('background', new BackgroundWork());

  // A request that arrives while the server shuts down is refused before anything runs.
  app.addHook('onRequest', refuseArrivalsWhileDraining);

  // The request id is echoed so a shopper's error report can be found in the logs.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // External plugins.
  await app.register(errors);
  await app.register(cookie);
  // Before the security hooks, so a refusal (403, 429) still reaches an allowed client.
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
  await app.register(compress, {
    threshold: 1024,
    syncThreshold: 1024 * 1024,
    // The kept answers' quality: the default, 4, takes 1.6x the time (lib/cached-json.ts).
    brotliOptions: { params: brotliParams },
  });
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

  // Modules. pageReads comes first: it collects each public read as its route registers.
  const readForPage = pageReads(app);
  await registerModules(app);

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
        reads: readForPage,
        prerender: config.prerenderPages,
        loopLoad: options.loopLoad,
        settings: {
          name: config.SHOP_NAME,
          contactEmail: config.contactEmail,
          publicStorefront: config.PUBLIC_STOREFRONT,
          guestCheckout: config.GUEST_CHECKOUT,
          publicUrl: config.publicUrl,
          country: config.SHOP_COUNTRY,
          pricesIncludeTax: config.PRICES_INCLUDE_TAX,
          timeZone: config.calendar.timeZone,
        },
      })
    : undefined;
  // Unknown API and image paths are JSON 404s; other paths get the app's not-found page with a
  // real 404 for crawlers. Pages are a catch-all route, so they are compressed like every answer.
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
