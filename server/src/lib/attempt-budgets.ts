import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

export type Budget = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * A budget of attempts per minute, keyed by something of the request (its address, the email
 * it targets). Each budget counts on its own: routes that must count together share one.
 * With REDIS_URL every instance counts in Redis.
 */
export const attemptBudget = (
  app: FastifyInstance,
  perMinute: number,
  keyGenerator: (request: FastifyRequest) => string,
): Budget => app.createRateLimit({ max: perMinute, timeWindow: 60_000, keyGenerator });

/**
 * Spends one attempt of every budget. The tightest is reported in the RateLimit-* headers
 * (IETF draft names, as @fastify/rate-limit's enableDraftSpec), and a refusal (RATE_LIMITED,
 * 429, with Retry-After) says when to retry.
 */
export async function spend(list: Budget[], request: FastifyRequest, reply: FastifyReply) {
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
}

/** The email a JSON or form body names, lower-cased ('' when none). */
export const bodyEmail = (request: FastifyRequest) =>
  String((request.body as { email?: unknown } | undefined)?.email ?? '')
    .trim()
    .toLowerCase();
