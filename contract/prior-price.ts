// The EU price-reduction rule (Directive 98/6/EC, Art. 6a, as the Omnibus Directive 2019/2161
// amended it; CJEU C-330/23 Aldi Süd, 26 September 2024): a reduction is announced against the
// prior price, the lowest price of the 30 days before the reduction. docs/pricing.md states it.
// Pure and in cents, so the server (which stores the prior price) and the web read one rule.

import { toCents } from './money';

export const priorPriceDays = 30;
const windowMs = priorPriceDays * 24 * 60 * 60 * 1000;

/** A price a product had from `from` (epoch ms) until the next point's `from`. */
export type PricePoint = { priceCents: number; salePriceCents: number; from: number };

/** The current run of sale prices: when its reduction began and the prior price before it. */
export type Reduction = { startedAt: number; priorPriceCents: number };

const paid = (p: PricePoint) => (p.salePriceCents > 0 ? p.salePriceCents : p.priceCents);

/**
 * The current reduction of a price history (points in the order they took effect), or null
 * when its last price has no sale price. The reduction began at the first point of the last
 * run of sale prices in which the price paid never rose: a rise starts a new reduction then.
 * Its prior price is the lowest price paid at any moment of the 30 days before it began; with
 * no point before it (a product created on sale), the lowest price of the run, which claims
 * nothing. A point in effect for no time (two changes at one moment) was never paid.
 */
export function currentReduction(history: readonly PricePoint[]): Reduction | null {
  const sorted = [...history].sort((a, b) => a.from - b.from);
  const points = sorted.filter((p, i) => sorted[i + 1]?.from !== p.from);
  const last = points.at(-1);
  if (!last || last.salePriceCents <= 0) return null;
  let start = points.length - 1;
  while (start > 0) {
    const before = points[start - 1]!;
    if (before.salePriceCents <= 0 || paid(points[start]!) > paid(before)) break;
    start -= 1;
  }
  const startedAt = points[start]!.from;
  let prior = Number.POSITIVE_INFINITY;
  // Point i is in effect until point i + 1 begins: it counts when that is inside the 30 days.
  for (let i = 0; i < start; i += 1) {
    if (points[i + 1]!.from > startedAt - windowMs) prior = Math.min(prior, paid(points[i]!));
  }
  if (start === 0) for (const p of points) prior = Math.min(prior, paid(p));
  return { startedAt, priorPriceCents: prior };
}

/** What a shop may announce of a lawful reduction: the prior price struck through, "-X%". */
export type SaleAnnouncement = { wasCents: number; nowCents: number; percentOff: number };

/**
 * The announcement of a sale price against its prior price, or null when there is none to
 * make (no sale price, no prior price known, or a sale price not below it): the plain price
 * then, with no badge, strike-through or prior-price line. The percentage is rounded down, so
 * the claim is never more than the reduction; it may be 0 for a cut under 1%.
 */
export function saleAnnouncementCents(
  salePriceCents: number,
  priorPriceCents: number | null | undefined,
): SaleAnnouncement | null {
  if (salePriceCents <= 0 || priorPriceCents == null || salePriceCents >= priorPriceCents) {
    return null;
  }
  const percentOff = Math.floor(((priorPriceCents - salePriceCents) * 100) / priorPriceCents);
  return { wasCents: priorPriceCents, nowCents: salePriceCents, percentOff };
}

/** The same over a product answer's decimals (`salePrice`, `lowestPrice30Days`). */
export function saleAnnouncement(product: {
  salePrice: number;
  lowestPrice30Days?: number | null | undefined;
}): SaleAnnouncement | null {
  const prior = product.lowestPrice30Days;
  return saleAnnouncementCents(toCents(product.salePrice), prior == null ? null : toCents(prior));
}
