import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';

export type AuthLimits = ReturnType<typeof authLimits>;

/**
 * The attempt budgets of sign-in, sign-up and password resets, made once for the JSON API
 * (auth.routes.ts) and the pages' HTML forms (auth.forms.ts), so the two count together.
 * Two budgets: one per client address, one per targeted email (slows credential stuffing
 * spread over many addresses). Each throws RATE_LIMITED when spent.
 */
export function authLimits(app: FastifyInstance) {
  const perMinute = app.config.AUTH_RATE_LIMIT_PER_MINUTE;
  const limiters = [
    app.createRateLimit({
      max: perMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => `auth-ip:${request.ip}`,
    }),
    app.createRateLimit({
      max: perMinute,
      timeWindow: 60_000,
      keyGenerator: (request) =>
        `auth-email:${String((request.body as { email?: unknown })?.email ?? '').toLowerCase()}`,
    }),
  ];
  // Both budgets are counted on every attempt; the tighter one is reported in the
  // RateLimit-* headers (IETF draft names, as @fastify/rate-limit's enableDraftSpec), and a
  // refusal says when to retry.
  const limitWith = async (list: typeof limiters, request: FastifyRequest, reply: FastifyReply) => {
    const results = (await Promise.all(list.map((limit) => limit(request)))).filter(
      (r) => !r.isAllowed,
    );
    const exceeded = results.filter((r) => r.isExceeded).sort((a, b) => b.ttl - a.ttl)[0];
    const tightest = exceeded ?? [...results].sort((a, b) => a.remaining - b.remaining)[0];
    if (!tightest) return;
    const resetSeconds = Math.max(1, tightest.ttlInSeconds);
    reply.headers({
      'ratelimit-limit': tightest.max,
      'ratelimit-remaining': tightest.remaining,
      'ratelimit-reset': resetSeconds,
    });
    if (!exceeded) return;
    reply.header('retry-after', resetSeconds);
    throw new AppError('RATE_LIMITED', `Too many attempts, try again in ${resetSeconds} seconds`);
  };
  return {
    attempts: (request: FastifyRequest, reply: FastifyReply) => limitWith(limiters, request, reply),
    /** Reset tokens carry no email: only the per-address budget applies. */
    address: (request: FastifyRequest, reply: FastifyReply) =>
      limitWith(limiters.slice(0, 1), request, reply),
  };
}
