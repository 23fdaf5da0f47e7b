// Money is integer cents everywhere but at the API edge, where it is a decimal number.

export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** An amount written as a decimal ("19.99", as PayPal and the CSV files write it) in cents. */
export function decimalToCents(value: string): number {
  return toCents(Number(value));
}

/** Cents written as a decimal with two places ("19.99"), as PayPal and the CSV files take it. */
export function centsToDecimal(cents: number): string {
  return fromCents(cents).toFixed(2);
}

/** The price a shopper pays: the sale price when there is one, else the price. */
export function payPrice(item: { price: number; salePrice?: number | null }): number {
  return item.salePrice && item.salePrice > 0 ? item.salePrice : item.price;
}

export function formatMoney(amount: number): string {
  return `$${amount.toFixed(2)}`;
}
