// A visitor's Add to Cart (PUBLIC_STOREFRONT) survives the sign-in it asks for: it is kept in
// local storage and done by the first page of this browser that is signed in as a shopper.
// Local, not session, storage: the sign-in it waits for is the browser's (a cookie) and may
// happen in another tab, and a tab's own copy (a duplicated tab or one opened by the page gets
// one) would be added once per tab. It expires, so a forgotten add never turns up later.

const KEY = 'pending-cart-add';
const ID = /^[\w-]{1,64}$/;
/** Long enough to register, or to reset a forgotten password by email (30 minutes). */
export const PENDING_ADD_MAX_AGE_MS = 30 * 60 * 1000;

export type PendingAdd = { productId: string; variantId: string | null };

export function rememberPendingAdd(add: PendingAdd, now = Date.now()) {
  localStorage.setItem(KEY, JSON.stringify({ ...add, savedAt: now }));
}

/**
 * The waiting add, removed as it is read; anything malformed or expired counts as none. Read and
 * removal are not atomic across tabs, but a tab reads it only once it learns of the sign-in (by
 * signing in or loading a page), which two tabs do not do in the same instant.
 */
export function takePendingAdd(now = Date.now()): PendingAdd | null {
  try {
    const raw = localStorage.getItem(KEY);
    localStorage.removeItem(KEY);
    const add = raw ? (JSON.parse(raw) as Partial<PendingAdd> & { savedAt?: unknown }) : null;
    if (!add || typeof add.productId !== 'string' || !ID.test(add.productId)) return null;
    const age = typeof add.savedAt === 'number' ? now - add.savedAt : Number.NaN;
    if (!(age >= 0 && age <= PENDING_ADD_MAX_AGE_MS)) return null;
    const variantId =
      typeof add.variantId === 'string' && ID.test(add.variantId) ? add.variantId : null;
    return { productId: add.productId, variantId };
  } catch {
    return null;
  }
}
