import { hasPermission, type SessionUser, type StaffPermission } from '@contract/auth';

export { hasPermission };

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

export const SESSION_COOKIE = 'session';

export default fp(
  async function sessions(app: FastifyInstance) {
    app.decorateRequest('user', null);
    // Sessions are cached per instance; the database tells every instance what to forget.
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
      // Only the API reads sessions here; static files and images skip it, and the page
      // shell resolves its own (loadSessionUser).
      if (request.url.startsWith('/api/')) await loadSessionUser(request);
    });
  },
  { name: 'sessions', dependencies: ['@fastify/cookie'] },
);

/** Sets `request.user` from the session cookie, if it names a live session. */
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

/**
 * A route's onRequest hook: 401 unless signed in. onRequest, never preHandler: a signed-out
 * caller is refused before its body is parsed or validated (a 400 would answer in its place).
 */
export async function requireUser(request: FastifyRequest) {
  if (!request.user) throw new AppError('NOT_SIGNED_IN', 'Please sign in to continue');
}

/**
 * An admin route's onRequest hook (issue 27): 401 signed out, 403 unless an admin or a staff
 * member holding `permission` (or one of `alsoAccepted`); shoppers always 403. onRequest, so a
 * refusal comes before any body is parsed or validated. The hook names its permissions
 * (`permissions`), so tests can list what every route asks for.
 */
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

/** The signed-in user, for handlers behind requireUser. */
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
