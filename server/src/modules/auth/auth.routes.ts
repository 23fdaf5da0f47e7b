import {
  checkAuthResponse,
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordBody,
  loginBody,
  loginResponse,
  registerBody,
  resetPasswordBody,
} from '@contract/auth';
import { REGISTERED } from '@contract/auth-notices';
import { errorResponse, messageResponse } from '@contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mergeGuestCart, offerGuestOrders } from '../../plugins/guests';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../../plugins/sessions';
import type { AuthLimits } from './auth.limits';

/** The JSON API of accounts; its pages' HTML forms post to auth.forms.ts, with the same limits. */
const authRoutes: FastifyPluginAsyncZod<{ limits: AuthLimits }> = async (app, { limits }) => {
  const { auth, passwordReset } = app.services;
  const limitAttempts = limits.attempts;
  const limitAddress = limits.address;

  app.post(
    '/register',
    {
      preHandler: limitAttempts,
      schema: {
        tags: ['auth'],
        summary: 'Create a shopper account',
        body: registerBody,
        response: { 201: messageResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      offerGuestOrders(request, await auth.register(request.body));
      return reply.status(201).send({ success: true, message: REGISTERED });
    },
  );

  app.post(
    '/login',
    {
      preHandler: limitAttempts,
      schema: {
        tags: ['auth'],
        summary: 'Sign in and receive a session cookie',
        body: loginBody,
        response: { 200: loginResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const user = await auth.verifyCredentials(request.body.email, request.body.password);
      const { token, expiresAt } = await auth.createSession(user.id);
      setSessionCookie(reply, token, expiresAt);
      await mergeGuestCart(request, user);
      return { success: true as const, message: 'Logged in successfully', user };
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign out and revoke the session',
        response: { 200: messageResponse },
      },
    },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await auth.revokeSession(token);
      clearSessionCookie(reply);
      return { success: true as const, message: 'Logged out successfully' };
    },
  );

  app.post(
    '/forgot-password',
    {
      preHandler: limitAttempts,
      schema: {
        tags: ['auth'],
        summary: 'Email a password-reset link',
        description:
          'Always the same answer, at the same speed, whether the account exists or not; the link works once, for 30 minutes.',
        body: forgotPasswordBody,
        response: { 200: messageResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      // Looked up after the answer: the response time says nothing about the account.
      setImmediate(() => {
        passwordReset.request(request.body.email).catch((error: unknown) => {
          request.log.error({ err: error }, 'password reset request failed');
        });
      });
      return { success: true as const, message: FORGOT_PASSWORD_MESSAGE };
    },
  );

  app.post(
    '/reset-password',
    {
      preHandler: limitAddress,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with an emailed reset token',
        description: 'Signs the account out on every device.',
        body: resetPasswordBody,
        response: { 200: messageResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      await passwordReset.reset(request.body.token, request.body.password);
      clearSessionCookie(reply);
      return { success: true as const, message: 'Your password is changed. Please sign in' };
    },
  );

  app.get(
    '/check-auth',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, if any',
        description:
          'Answers 200 with success false and user null when signed out, so a signed-out page load logs no error.',
        response: { 200: checkAuthResponse },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { success: request.user !== null, user: request.user };
    },
  );
};

export default authRoutes;
