import { loginBody, registerBody } from '@contract/auth';
import type { FormNotice } from '@contract/auth-notices';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { authPagePath } from '../../lib/auth-pages';
import { mergeGuestCart, offerGuestOrders } from '../../plugins/guests';
import { setSessionCookie } from '../../plugins/sessions';
import type { AuthLimits } from './auth.limits';

const formErrors: Partial<Record<AppError['code'], FormNotice>> = {
  INVALID_CREDENTIALS: 'credentials',
  EMAIL_TAKEN: 'taken',
  RATE_LIMITED: 'rate-limited',
};

/**
 * Sign-in and sign-up as plain HTML forms. The pages show before their code arrives (it loads
 * after the first paint), and their forms post here until it runs (or when JavaScript is off);
 * with the code, the same forms call the JSON API (auth.routes.ts). Same checks, same limits;
 * the answer is a redirect (303) to the page, with a fixed `?notice=` when something was wrong
 * (contract/auth.ts `formNotices`). A signed-in visitor of the sign-in page is sent on by the
 * page itself, to `?redirect=` when it is the shop's own.
 */
const authForms: FastifyPluginAsync<{ limits: AuthLimits }> = async (app, { limits }) => {
  const { auth } = app.services;
  // Only these routes read form bodies: the JSON API keeps refusing them, so a form on another
  // site cannot post to it at all (the CSRF check refuses its Origin here as everywhere).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const backTo = (
    page: 'login' | 'register',
    request: FastifyRequest,
    reply: FastifyReply,
    notice?: FormNotice,
  ) => reply.redirect(authPagePath(page, request, notice), 303);
  const noticeFor = (error: unknown): FormNotice => {
    const notice = error instanceof AppError ? formErrors[error.code] : undefined;
    if (!notice) throw error;
    return notice;
  };

  app.post('/login', { schema: { hide: true } }, async (request, reply) => {
    const body = loginBody.safeParse(request.body);
    if (!body.success) return backTo('login', request, reply, 'invalid');
    try {
      await limits.attempts(request, reply);
      const user = await auth.verifyCredentials(body.data.email, body.data.password);
      const { token, expiresAt } = await auth.createSession(user.id);
      setSessionCookie(reply, token, expiresAt);
      await mergeGuestCart(request, user);
      return backTo('login', request, reply);
    } catch (error) {
      return backTo('login', request, reply, noticeFor(error));
    }
  });

  app.post('/register', { schema: { hide: true } }, async (request, reply) => {
    const body = registerBody.safeParse(request.body);
    if (!body.success) return backTo('register', request, reply, 'invalid');
    try {
      await limits.attempts(request, reply);
      offerGuestOrders(request, await auth.register(body.data));
      return backTo('login', request, reply, 'registered');
    } catch (error) {
      return backTo('register', request, reply, noticeFor(error));
    }
  });
};

export default authForms;
