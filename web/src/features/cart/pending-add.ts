// A visitor's Add to Cart (PUBLIC_STOREFRONT) survives the sign-in it asks for: it is kept in
// session storage, and done once the shopper is back and signed in.

const KEY = 'pending-cart-add';
const ID = /^[\w-]{1,64}$/;

export type PendingAdd = { productId: string; variantId: string | null };

export function rememberPendingAdd(add: PendingAdd) {
  sessionStorage.setItem(KEY, JSON.stringify(add));
}

/** The waiting add, removed as it is read; anything malformed counts as none. */
export function takePendingAdd(): PendingAdd | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    const add = raw ? (JSON.parse(raw) as Partial<PendingAdd>) : null;
    if (!add || typeof add.productId !== 'string' || !ID.test(add.productId)) return null;
    const variantId =
      typeof add.variantId === 'string' && ID.test(add.variantId) ? add.variantId : null;
    return { productId: add.productId, variantId };
  } catch {
    return null;
  }
}
