import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { AppError } from '../lib/app-error';
import { authPagePath } from '../lib/auth-pages';
import { redisRateLimitStore } from '../lib/redis-rate-limit-store';
import { appLoaderHash } from './app-loader';
import { earlyTapHash } from './early-taps';
import { GUEST_COOKIE } from './guests';
import { SESSION_COOKIE } from './sessions';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Names the shop's own address: the usual cause is a page opened at another name of the same
 * server (http://127.0.0.1:3000 for the default http://localhost:3000, or a PUBLIC_URL that
 * is not the address shoppers use), and the shopper or operator then knows where to go.
 */
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

/** The auth page whose plain HTML form this request is, posted as a browser posts it. */
function formPage(request: FastifyRequest): 'login' | 'register' | undefined {
  const path = request.url.split('?')[0];
  const page =
    path === '/auth/login' ? 'login' : path === '/auth/register' ? 'register' : undefined;
  const isForm = request.headers['content-type']?.startsWith('application/x-www-form-urlencoded');
  return isForm && request.headers.accept?.includes('text/html') ? page : undefined;
}

/**
 * Marks an answer as a public asset other origins may embed: an image, a script or a style
 * sheet loaded by a client on an origin of CORS_ORIGINS or through a CDN in front of the shop.
 * Every other answer (API JSON, HTML pages) keeps helmet's `same-origin`.
 */
export function allowCrossOriginEmbedding(reply: FastifyReply) {
  reply.header('cross-origin-resource-policy', 'cross-origin');
}

/** Runs helmet once against a recording response and returns the headers it set. */
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
    // helmet decides the security headers; they never vary by request, so they are computed
    // once here and set in one call (running helmet per request cost two thirds of throughput).
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
          // The inline scripts of server-rendered pages: the app's loader (app-loader.ts) and
          // the holder of taps made before it ran (early-taps.ts).
          scriptSrc: ["'self'", appLoaderHash, earlyTapHash],
          connectSrc: ["'self'"],
          // The shop's own address too: a form posted from another name of the server is
          // sent there (see `refuse` below), and the browser holds a form's redirects to this.
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
      // RateLimit-Limit/Remaining/Reset and Retry-After on every limited answer.
      enableDraftSpec: true,
      errorResponseBuilder: (_request, context) =>
        new AppError('RATE_LIMITED', `Too many attempts, try again in ${context.after}`),
    });

    // CSRF (DESIGN §4): a mutating request must not come from another site. A browser names
    // the page's origin in Origin, or failing that in Referer: either, when present, must be
    // allowed (sign-in and sign-up too, so another site cannot sign a visitor into its account).
    // With neither, only a request carrying the session or guest cookie is refused: without
    // one there is no ambient credential to abuse (curl, server-to-server, a first sign-in).
    const shopOrigin = new URL(config.publicUrl).origin;
    const refuse = (request: FastifyRequest, reply: FastifyReply, from: string) => {
      // The sign-in and sign-up pages' plain forms (auth.forms.ts), posted from a page of this
      // very server opened at another of its names: the shopper is sent to the same page at
      // the shop's address, told to try there, rather than shown a JSON error. Nothing is done.
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
