import type { CartItem } from '@contract/cart';
import { fromCents, payPrice, toCents } from '@contract/money';

/** SPEC §9: sum of (sale price if above 0, else price) x quantity; computed in cents. */
export function lineTotal(item: CartItem) {
  return fromCents(toCents(payPrice(item)) * item.quantity);
}

export function cartTotal(items: CartItem[]) {
  return fromCents(items.reduce((sum, item) => sum + toCents(payPrice(item)) * item.quantity, 0));
}

export const itemCount = (items: CartItem[]) => items.reduce((n, item) => n + item.quantity, 0);
