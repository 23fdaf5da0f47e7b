import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkAuthResponse,
  loginBody,
  loginResponse,
  registerBody,
} from '../../../../contract/auth';
import { errorResponse, messageResponse } from '../../../../contract/common';
import { AppError } from '../../lib/app-error';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from '../../plugins/sessions';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth } = app.services;
  const perMinute = app.config.AUTH_RATE_LIMIT_PER_MINUTE;
  // Two budgets: one per client address, one per targeted email (slows credential stuffing
  // spread over many addresses).
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
  const limitAttempts = async (request: FastifyRequest, reply: FastifyReply) => {
    const results = (await Promise.all(limiters.map((limit) => limit(request)))).filter(
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
      await auth.register(request.body);
      return reply.status(201).send({ success: true, message: 'Registration successful' });
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
      return { success: true, message: 'Logged in successfully', user };
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
      return { success: true, message: 'Logged out successfully' };
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
