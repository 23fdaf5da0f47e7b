import { hasPermission, type SessionUser, type StaffPermission } from '@contract/auth';

export { hasPermission };

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

export const SESSION_COOKIE = 'session';

export default fp(
  async function sessions(app: FastifyInstance) {
    app.decorateRequest('user', null);
    const { sessions: cache } = app.services.auth;
    const forget = (what: (payload: string) => void) => (payload: string) =>
      payload ? what(payload) : cache.clear();
    const stops = await Promise.all([
      app.database.listen(
        'session_revoked',
        forget((hash) => cache.forgetSession(hash)),
      ),
      app.database.listen(
        'user_changed',
        forget((id) => cache.forgetUser(id)),
      ),
    ]);
    app.addHook('onClose', async () => {
      await Promise.all(stops.map((stop) => stop()));
    });
    app.addHook('onRequest', async (request) => {
      // Static files and images skip the lookup; the page shell resolves its own.
      if (request.url.startsWith('/api/')) await loadSessionUser(request);
    });
  },
  { name: 'sessions', dependencies: ['@fastify/cookie'] },
);

export async function loadSessionUser(request: FastifyRequest) {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return;
  request.user = (await request.server.services.auth.userForToken(token)) ?? null;
}

export function setSessionCookie(reply: FastifyReply, token: string, expires: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: reply.server.config.COOKIE_SAME_SITE,
    secure: reply.server.config.isProduction,
    expires,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: reply.server.config.COOKIE_SAME_SITE,
    secure: reply.server.config.isProduction,
  });
}

/** For onRequest, never preHandler: refused before the body is validated (a 400 would win). */
export async function requireUser(request: FastifyRequest) {
  if (!request.user) throw new AppError('NOT_SIGNED_IN', 'Please sign in to continue');
}

/** For onRequest, as requireUser; the hook carries `permissions` so tests can list each route's. */
export function requirePermission(permission: StaffPermission, ...alsoAccepted: StaffPermission[]) {
  const accepted = [permission, ...alsoAccepted];
  const hook = async (request: FastifyRequest) => {
    await requireUser(request);
    if (!accepted.some((p) => hasPermission(request.user, p))) {
      throw new AppError('FORBIDDEN', 'You do not have permission to do this');
    }
  };
  return Object.assign(hook, { permissions: accepted });
}

export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('NOT_SIGNED_IN', 'Please sign in to continue');
  return request.user;
}

/** A `{userId}` in a path or body must be the session's own user. */
export function assertSelf(request: FastifyRequest, userId: string): SessionUser {
  const user = currentUser(request);
  if (user.id !== userId) throw new AppError('FORBIDDEN', 'You can only access your own data');
  return user;
}
