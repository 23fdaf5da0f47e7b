import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { attemptBudget, bodyEmail, spend } from '../../lib/attempt-budgets';

export type AuthLimits = ReturnType<typeof authLimits>;

/**
 * The attempt budgets of sign-in, sign-up and password resets, made once for the JSON API
 * (auth.routes.ts) and the pages' HTML forms (auth.forms.ts), so the two count together.
 * Two budgets: one per client address, one per targeted email (slows credential stuffing
 * spread over many addresses). Each throws RATE_LIMITED when spent.
 */
export function authLimits(app: FastifyInstance) {
  const perMinute = app.config.AUTH_RATE_LIMIT_PER_MINUTE;
  const byAddress = attemptBudget(app, perMinute, (request) => `auth-ip:${request.ip}`);
  const byEmail = attemptBudget(app, perMinute, (request) => `auth-email:${bodyEmail(request)}`);
  return {
    attempts: (request: FastifyRequest, reply: FastifyReply) =>
      spend([byAddress, byEmail], request, reply),
    /** Reset tokens carry no email: only the per-address budget applies. */
    address: (request: FastifyRequest, reply: FastifyReply) => spend([byAddress], request, reply),
  };
}
