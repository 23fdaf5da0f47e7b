import { randomBytes } from 'node:crypto';
import type { SessionUser } from '@contract/auth';
import { GUEST_ID } from '@contract/limits';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import type { Shopper } from '../lib/shopper';
import { assertSelf } from './sessions';

// An opaque random token the server knows only as its HMAC. Unsigned: nothing is read out of
// it, it only names a cart, as the session cookie names a session.
export const GUEST_COOKIE = 'guest';
/** Counted from the cart's last write; the cookie is renewed with each one. */
export const GUEST_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const TOKEN = /^[\w-]{43}$/;

export function guestKeyOf(request: FastifyRequest): string | undefined {
  const token = request.cookies[GUEST_COOKIE];
  if (!token || !TOKEN.test(token)) return undefined;
  return request.server.services.auth.hashToken(token);
}

/** Mints the cookie on first use and renews it either way. */
export function ensureGuestKey(request: FastifyRequest, reply: FastifyReply): string {
  const given = request.cookies[GUEST_COOKIE];
  const token = given && TOKEN.test(given) ? given : randomBytes(32).toString('base64url');
  const { config } = request.server;
  reply.setCookie(GUEST_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: config.COOKIE_SAME_SITE,
    secure: config.isProduction,
    maxAge: GUEST_TTL_MS / 1000,
  });
  return request.server.services.auth.hashToken(token);
}

export function clearGuestCookie(reply: FastifyReply) {
  const { config } = reply.server;
  reply.clearCookie(GUEST_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: config.COOKIE_SAME_SITE,
    secure: config.isProduction,
  });
}

const signIn = () => new AppError('NOT_SIGNED_IN', 'Please sign in to continue');

/** With GUEST_CHECKOUT off, answers exactly as requireUser; on, the handler resolves the guest. */
export async function requireUserOrGuest(request: FastifyRequest) {
  if (!request.user && !request.server.config.GUEST_CHECKOUT) throw signIn();
}

/** `mint: false` (reads) answers null for a guest with no cookie yet, and sets none. */
export function shopperNamed(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  { mint = true }: { mint?: boolean } = {},
): Shopper | null {
  if (userId === GUEST_ID && !request.user) {
    if (!request.server.config.GUEST_CHECKOUT) throw signIn();
    const guestKey = mint ? ensureGuestKey(request, reply) : guestKeyOf(request);
    return guestKey ? { kind: 'guest', guestKey } : null;
  }
  return { kind: 'user', userId: assertSelf(request, userId).id };
}

export function currentShopper(request: FastifyRequest, reply: FastifyReply): Shopper {
  if (request.user) return { kind: 'user', userId: request.user.id };
  if (!request.server.config.GUEST_CHECKOUT) throw signIn();
  return { kind: 'guest', guestKey: ensureGuestKey(request, reply) };
}

/** The sign-in stands even if this fails: the guest cart stays for a later sign-in. */
export async function mergeGuestCart(request: FastifyRequest, user: SessionUser) {
  if (!request.server.config.GUEST_CHECKOUT || user.role !== 'shopper') return;
  const guestKey = guestKeyOf(request);
  if (!guestKey) return;
  try {
    await request.server.services.cart.mergeGuestCart(guestKey, user.id);
  } catch (error) {
    request.log.error({ err: error }, 'merging the guest cart failed');
  }
}

/** After the answer, so its timing does not tell whether the email placed guest orders. */
export function offerGuestOrders(request: FastifyRequest, user: SessionUser) {
  setImmediate(() => {
    request.server.services.guestOrders.offerClaim(user).catch((error: unknown) => {
      request.log.error({ err: error }, 'order claim offer failed');
    });
  });
}
