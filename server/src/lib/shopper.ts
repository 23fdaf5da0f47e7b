/**
 * Who is shopping: a signed-in user, or a guest (GUEST_CHECKOUT) known by the HMAC of its
 * cookie (plugins/guests.ts). Carts and open checkouts belong to one or the other.
 */
export type Shopper = { kind: 'user'; userId: string } | { kind: 'guest'; guestKey: string };

export const userShopper = (userId: string): Shopper => ({ kind: 'user', userId });

/** A key naming the shopper in locks and logs, never the same for a user and a guest. */
export const shopperKey = (s: Shopper) => (s.kind === 'user' ? s.userId : `guest:${s.guestKey}`);

/** The shopper a `shopperKey` names. */
export const shopperOfKey = (key: string): Shopper =>
  key.startsWith('guest:')
    ? { kind: 'guest', guestKey: key.slice('guest:'.length) }
    : { kind: 'user', userId: key };
