/** A guest is known by the HMAC of its GUEST_CHECKOUT cookie (plugins/guests.ts). */
export type Shopper = { kind: 'user'; userId: string } | { kind: 'guest'; guestKey: string };

export const userShopper = (userId: string): Shopper => ({ kind: 'user', userId });

/** For locks and logs; a user's key never equals a guest's. */
export const shopperKey = (s: Shopper) => (s.kind === 'user' ? s.userId : `guest:${s.guestKey}`);

export const shopperOfKey = (key: string): Shopper =>
  key.startsWith('guest:')
    ? { kind: 'guest', guestKey: key.slice('guest:'.length) }
    : { kind: 'user', userId: key };
