// Money is integer cents everywhere but at the API edge, where it is a decimal number.

export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** The price a shopper pays: the sale price when there is one, else the price. */
export function payPrice(item: { price: number; salePrice?: number | null }): number {
  return item.salePrice && item.salePrice > 0 ? item.salePrice : item.price;
}

export function formatMoney(amount: number): string {
  return `$${amount.toFixed(2)}`;
}
