import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

export type Budget = ReturnType<FastifyInstance['createRateLimit']>;

/** Each budget counts on its own: routes that must count together share one. */
export const attemptBudget = (
  app: FastifyInstance,
  perMinute: number,
  keyGenerator: (request: FastifyRequest) => string,
): Budget => app.createRateLimit({ max: perMinute, timeWindow: 60_000, keyGenerator });

/** Spends one attempt of each budget; the tightest goes in the (IETF draft) RateLimit-* headers. */
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

export const bodyEmail = (request: FastifyRequest) =>
  String((request.body as { email?: unknown } | undefined)?.email ?? '')
    .trim()
    .toLowerCase();
