import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { AppError } from '../lib/app-error';
import { authPagePath } from '../lib/auth-pages';
import { redisRateLimitStore } from '../lib/redis-rate-limit-store';
import { appLoaderHash } from '../page-shell/app-loader';
import { earlyTapHash } from '../page-shell/early-taps';
import { GUEST_COOKIE } from './guests';
import { SESSION_COOKIE } from './sessions';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

// Names the shop's address: the usual cause is the page opened at another name of the server
// (127.0.0.1 for localhost, or a PUBLIC_URL shoppers do not use).
const csrfRefused = (shopOrigin: string) =>
  new AppError('FORBIDDEN', `Request refused: origin not allowed (the shop is at ${shopOrigin})`);

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
}

function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

function formPage(request: FastifyRequest): 'login' | 'register' | undefined {
  const path = request.url.split('?')[0];
  const page =
    path === '/auth/login' ? 'login' : path === '/auth/register' ? 'register' : undefined;
  const isForm = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded');
  return isForm && request.headers.accept?.includes('text/html') ? page : undefined;
}

/** For public assets loaded from CORS_ORIGINS or a CDN; every other answer stays same-origin. */
export function allowCrossOriginEmbedding(reply: FastifyReply) {
  reply.header('cross-origin-resource-policy', 'cross-origin');
}

function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
}

export default fp(
  async function security(app: FastifyInstance) {
    const { config } = app;
    // Computed once: the headers never vary by request, and running helmet per request costs
    // two thirds of throughput.
    const securityHeaders = helmetHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // PUBLIC_URL's origin too: API answers name images absolutely (lib/image-urls.ts).
          imgSrc: [
            "'self'",
            'data:',
            'blob:',
            new URL(config.publicUrl).origin,
            ...config.imageOrigins,
          ],
          styleSrc: ["'self'", "'unsafe-inline'"],
          scriptSrc: ["'self'", appLoaderHash, earlyTapHash],
          connectSrc: ["'self'"],
          // The browser holds a form's redirects to this too (see `refuse`).
          formAction: ["'self'", new URL(config.publicUrl).origin],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: config.isProduction ? [] : null,
        },
      },
      strictTransportSecurity: config.isProduction,
      crossOriginEmbedderPolicy: false,
    });
    app.addHook('onRequest', async (_request, reply) => {
      reply.headers(securityHeaders);
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
      ...(redis ? { store: redisRateLimitStore(redis) } : {}),
      enableDraftSpec: true,
      errorResponseBuilder: (_request, context) =>
        new AppError('RATE_LIMITED', `Too many attempts, try again in ${context.after}`),
    });

    // CSRF: Origin or Referer, when present, must be allowed (sign-in too, or another site could
    // sign a visitor into its account). With neither, only a request with a cookie is refused:
    // without one there is no ambient credential to abuse (docs/security.md).
    const shopOrigin = new URL(config.publicUrl).origin;
    const refuse = (request: FastifyRequest, reply: FastifyReply, from: string) => {
      // A plain auth form posted from this server at another of its names: send the shopper
      // to the shop's address rather than show a JSON error. Nothing is done.
      const page = formPage(request);
      if (page !== undefined && hostOf(from) === request.headers.host) {
        return reply.redirect(`${shopOrigin}${authPagePath(page, request, 'elsewhere')}`, 303);
      }
      throw csrfRefused(shopOrigin);
    };
    app.addHook('onRequest', async (request, reply) => {
      if (SAFE_METHODS.has(request.method)) return;
      const { origin, referer } = request.headers;
      if (origin !== undefined) {
        if (config.allowedOrigins.includes(origin)) return;
        return refuse(request, reply, origin);
      }
      if (request.headers['sec-fetch-site'] === 'cross-site') throw csrfRefused(shopOrigin);
      if (referer !== undefined) {
        if (config.allowedOrigins.includes(originOf(referer))) return;
        return refuse(request, reply, referer);
      }
      if (request.cookies[SESSION_COOKIE] || request.cookies[GUEST_COOKIE]) {
        throw csrfRefused(shopOrigin);
      }
    });
  },
  { name: 'security', dependencies: ['@fastify/cookie'] },
);
