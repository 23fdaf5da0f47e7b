import type { CartItem } from '@contract/cart';
import { payPrice, toCents } from '@contract/money';

/** SPEC §9: sum of (sale price if above 0, else price) x quantity; computed in cents. */
export function lineTotal(item: CartItem) {
  return (toCents(payPrice(item)) * item.quantity) / 100;
}

export function cartTotal(items: CartItem[]) {
  return items.reduce((sum, item) => sum + toCents(payPrice(item)) * item.quantity, 0) / 100;
}

export const itemCount = (items: CartItem[]) => items.reduce((n, item) => n + item.quantity, 0);
