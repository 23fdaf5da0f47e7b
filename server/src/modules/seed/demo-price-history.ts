import { toCents } from '@contract/money';
import type { PastPrice } from '../catalog';
import type { DemoProduct } from './demo-products/palette';

const DAY = 24 * 60 * 60 * 1000;

/** How long the demo shop has sold its products at their price before any sale. */
const OFFERED_DAYS_AGO = 60;

/**
 * Demo products that had a short sale at this price in the 30 days before their current
 * reduction: their prior price (the lowest of the 30 days before the reduction) is then neither the price nor the sale
 * price (the EU Omnibus rule at work).
 */
export const earlierCuts: Record<string, number> = {
  'Nike Club Fleece Pullover Hoodie': 52,
};

/**
 * A believable price history per demo product (docs/pricing.md, "Sale prices and the prior price"): its price
 * for 60 days; a product on sale went on sale 3 to 21 days ago (varied), and a product of
 * `earlierCuts` also had that lower price for 4 days, 14 to 18 days before its sale began.
 * The last row is the product's current price, as the trigger would have written it.
 */
export function demoPriceHistory(products: DemoProduct[], now = Date.now()): PastPrice[][] {
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
  let onSale = 0;
  return products.map((p) => {
    const priceCents = toCents(p.price);
    const regular = (daysAgo: number) => ({
      priceCents,
      salePriceCents: 0,
      validFrom: at(daysAgo),
    });
    const rows: PastPrice[] = [regular(OFFERED_DAYS_AGO)];
    if (!p.salePrice) return rows;
    const saleDaysAgo = 3 + ((onSale * 7) % 19);
    onSale += 1;
    const earlier = earlierCuts[p.title];
    if (earlier !== undefined) {
      rows.push({ priceCents, salePriceCents: toCents(earlier), validFrom: at(saleDaysAgo + 18) });
      rows.push(regular(saleDaysAgo + 14));
    }
    rows.push({ priceCents, salePriceCents: toCents(p.salePrice), validFrom: at(saleDaysAgo) });
    return rows;
  });
}
