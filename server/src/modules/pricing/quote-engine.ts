// The one pricing rule of the shop, as pure functions over integer cents: every total a shopper
// sees (cart estimate, checkout, order, emails) and the amount PayPal charges come from `quote`.
// Rounding: half-up once per line (and once for shipping); a discount is spread over its lines
// by largest remainder, so the lines' shares add up to the discount exactly and a refund of a
// line can return its own share of discount and tax to the cent.

/** Tax rates are integers in thousandths of a percent: 8.875% is 8875, 19% is 19000. */
export const RATE_SCALE = 100_000;

export type QuoteLine = {
  key: string;
  category: string;
  brand: string;
  unitCents: number;
  quantity: number;
};

export type ShippingRate = {
  id: string;
  name: string;
  priceCents: number;
  /** Free when the discounted subtotal reaches this (null: never free). */
  freeOverCents: number | null;
  /** Price by discounted subtotal: the last tier whose minimum is reached wins. */
  tiers: { minSubtotalCents: number; priceCents: number }[];
  minDays: number;
  maxDays: number;
};

export type DiscountRule = {
  code: string;
  type: 'percent' | 'fixed' | 'freeShipping';
  /** Percent (0-100, up to two decimals) or cents off; unused for free shipping. */
  value: number;
  /** Lines of these categories or brands only; both empty: every line. */
  categories: string[];
  brands: string[];
  /** The code applies once the lines it covers cost this much (0 or absent: any cart). */
  minSubtotalCents?: number;
};

export type TaxRule = { name: string; rate: number; taxShipping: boolean };

export type QuoteInput = {
  lines: QuoteLine[];
  shipping: ShippingRate | null;
  discount: DiscountRule | null;
  tax: TaxRule | null;
  pricesIncludeTax: boolean;
};

export type PricedLine = {
  key: string;
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  /** What the shopper pays for the line: subtotal - discount (+ tax when added on top). */
  totalCents: number;
};

export type Quote = {
  lines: PricedLine[];
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  /** Tax on the shipping charge (part of taxCents). */
  shippingTaxCents: number;
  taxCents: number;
  totalCents: number;
};

/** a * num / den rounded half-up, for non-negative integers (exact below 2^53). */
export function mulDivHalfUp(a: number, num: number, den: number): number {
  return Math.floor((2 * a * num + den) / (2 * den));
}

/**
 * Splits `total` over `weights` in proportion, by largest remainder: the parts add up to
 * `total` exactly; ties go to the earlier weight.
 */
export function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((s, p) => s + p, 0);
  const order = exact
    .map((x, i) => ({ i, frac: x - Math.floor(x) }))
    .sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

const applies = (rule: DiscountRule, line: Pick<QuoteLine, 'category' | 'brand'>) =>
  (rule.categories.length === 0 && rule.brands.length === 0) ||
  rule.categories.includes(line.category) ||
  rule.brands.includes(line.brand);

/** The subtotal of the lines the code covers: what its minimum is compared with. */
export function eligibleCents(
  rule: DiscountRule,
  lines: Pick<QuoteLine, 'category' | 'brand' | 'unitCents' | 'quantity'>[],
) {
  return lines.reduce((s, l) => s + (applies(rule, l) ? l.unitCents * l.quantity : 0), 0);
}

/** Whether the code's covered lines reach its minimum; below it, the code takes nothing. */
export const meetsMinimum = (rule: DiscountRule, lines: QuoteLine[]) =>
  eligibleCents(rule, lines) >= (rule.minSubtotalCents ?? 0);

/** The code's amount off the items (0 for free shipping), spread over the lines it covers. */
function discountShares(rule: DiscountRule | null, lines: QuoteLine[], subtotals: number[]) {
  if (!rule || rule.type === 'freeShipping') return lines.map(() => 0);
  const weights = lines.map((line, i) => (applies(rule, line) ? subtotals[i]! : 0));
  const eligible = weights.reduce((s, w) => s + w, 0);
  const amount =
    rule.type === 'percent'
      ? mulDivHalfUp(eligible, Math.round(rule.value * 100), 10_000)
      : Math.min(Math.round(rule.value), eligible);
  return allocate(Math.min(amount, eligible), weights);
}

/** The method's charge for a discounted subtotal. */
export function shippingPrice(rate: ShippingRate, subtotalCents: number): number {
  if (rate.freeOverCents !== null && subtotalCents >= rate.freeOverCents) return 0;
  let price = rate.priceCents;
  for (const tier of [...rate.tiers].sort((a, b) => a.minSubtotalCents - b.minSubtotalCents)) {
    if (subtotalCents >= tier.minSubtotalCents) price = tier.priceCents;
  }
  return price;
}

/** Tax on `amount`: added on top, or the part of `amount` that is tax when prices include it. */
export function taxOf(amount: number, rate: number, included: boolean) {
  return included
    ? mulDivHalfUp(amount, rate, RATE_SCALE + rate)
    : mulDivHalfUp(amount, rate, RATE_SCALE);
}

export function quote(input: QuoteInput): Quote {
  const { lines, shipping, tax, pricesIncludeTax } = input;
  const discount = input.discount && meetsMinimum(input.discount, lines) ? input.discount : null;
  const subtotals = lines.map((l) => l.unitCents * l.quantity);
  const shares = discountShares(discount, lines, subtotals);
  const rate = tax?.rate ?? 0;
  const priced = lines.map((line, i): PricedLine => {
    const net = subtotals[i]! - shares[i]!;
    const taxCents = taxOf(net, rate, pricesIncludeTax);
    return {
      key: line.key,
      subtotalCents: subtotals[i]!,
      discountCents: shares[i]!,
      taxCents,
      totalCents: pricesIncludeTax ? net : net + taxCents,
    };
  });
  const subtotalCents = subtotals.reduce((s, x) => s + x, 0);
  const discountCents = shares.reduce((s, x) => s + x, 0);
  const shippingCents =
    !shipping || discount?.type === 'freeShipping'
      ? 0
      : shippingPrice(shipping, subtotalCents - discountCents);
  const shippingTaxCents = tax?.taxShipping ? taxOf(shippingCents, rate, pricesIncludeTax) : 0;
  const lineTax = priced.reduce((s, l) => s + l.taxCents, 0);
  const taxCents = lineTax + shippingTaxCents;
  const totalCents =
    subtotalCents - discountCents + shippingCents + (pricesIncludeTax ? 0 : taxCents);
  return {
    lines: priced,
    subtotalCents,
    discountCents,
    shippingCents,
    shippingTaxCents,
    taxCents,
    totalCents,
  };
}
