import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export default fp(
  async function security(app: FastifyInstance) {
    const { config } = app;
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...config.imageOrigins],
          styleSrc: ["'self'", "'unsafe-inline'"],
          scriptSrc: ["'self'"],
          connectSrc: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: config.isProduction ? [] : null,
        },
      },
      strictTransportSecurity: config.isProduction,
      crossOriginEmbedderPolicy: false,
    });

    // Loaded only when configured: the client costs ~25 MB of memory.
    const redis = config.REDIS_URL
      ? new (await import('ioredis')).Redis(config.REDIS_URL, {
          connectTimeout: 1000,
          maxRetriesPerRequest: 1,
        })
      : undefined;
    if (redis) app.addHook('onClose', async () => void redis.quit());
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: 'shop-rl-' } : {}),
      errorResponseBuilder: (_request, context) =>
        new AppError('RATE_LIMITED', `Too many attempts, try again in ${context.after}`),
    });

    // CSRF: a mutating request that names a foreign origin is refused. Requests with no
    // Origin (server-to-server clients, curl) carry no ambient browser credentials risk.
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      const origin = request.headers.origin;
      const site = request.headers['sec-fetch-site'];
      if (origin === undefined && site !== 'cross-site') return;
      if (origin !== undefined && config.allowedOrigins.includes(origin)) return;
      throw new AppError('FORBIDDEN', 'Request refused: origin not allowed');
    });
  },
  { name: 'security' },
);
