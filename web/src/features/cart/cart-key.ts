import type { CartItem } from '@contract/cart';

/** Names the cart's lines and quantities: a price worked out from them is stale once it changes. */
export const cartKey = (items: CartItem[]) =>
  items.map((i) => `${i.productId}/${i.variantId ?? ''}x${i.quantity}`).join(',');
