import { RATE_SCALE, type ShippingRate, shippingPrice, taxOf } from '../pricing';

/** An order line's money, in cents, as the order keeps it. */
export type LineMoney = {
  lineId: string;
  orderedQuantity: number;
  unitCents: number;
  /** The line's share of the order's discount. */
  discountCents: number;
  taxCents: number;
};

/** What the shopper paid for the whole line: its price less its discount, plus tax if added. */
export const linePaidCents = (line: LineMoney, pricesIncludeTax: boolean) =>
  line.unitCents * line.orderedQuantity -
  line.discountCents +
  (pricesIncludeTax ? 0 : line.taxCents);

/** The paid share of `quantity` of the line's units, rounded down. */
const shareOf = (paidCents: number, quantity: number, ordered: number) =>
  Math.floor((paidCents * quantity) / ordered);

/**
 * What returning `quantity` more units of a line pays back, when `refundedBefore` units of it
 * were refunded already: the share of everything refunded so far minus the share refunded
 * before. The shares telescope, so however a line is returned in parts, the parts add up to at
 * most what the line cost, and to exactly that once every unit is back.
 */
export function lineRefundCents(
  line: LineMoney,
  pricesIncludeTax: boolean,
  refundedBefore: number,
  quantity: number,
) {
  const paid = Math.max(0, linePaidCents(line, pricesIncludeTax));
  const upTo = Math.min(line.orderedQuantity, refundedBefore + quantity);
  const before = Math.min(line.orderedQuantity, refundedBefore);
  return shareOf(paid, upTo, line.orderedQuantity) - shareOf(paid, before, line.orderedQuantity);
}

type OrderMoney = {
  shippingCents: number;
  taxCents: number;
  pricesIncludeTax: boolean;
  subtotalCents: number;
  discountCents: number;
  taxLines: ReadonlyArray<{ rate: number }>;
  lines: ReadonlyArray<{ taxCents: number }>;
};

/**
 * The delivery cost refunded when the order's last item comes back within the withdrawal
 * period: what was paid for delivery, but at most the cheapest method's price for this order
 * (`rates`, priced as the quote prices them: on the discounted subtotal), with its tax. The tax
 * paid on shipping is the order's tax less its lines' (the quote adds exactly those); a cheaper
 * method's tax is computed as the quote computes it, at the order's rate.
 */
export function deliveryRefund(order: OrderMoney, rates: ShippingRate[]) {
  const paid = order.shippingCents;
  const lineTax = order.lines.reduce((s, i) => s + i.taxCents, 0);
  const paidTax = Math.max(0, order.taxCents - lineTax);
  const discounted = order.subtotalCents - order.discountCents;
  const cheapest = Math.min(...rates.map((r) => shippingPrice(r, discounted)));
  const shippingCents = Math.min(paid, cheapest);
  const rate = Math.round((order.taxLines[0]?.rate ?? 0) * (RATE_SCALE / 100));
  const taxCents =
    shippingCents === paid
      ? paidTax
      : paidTax > 0
        ? taxOf(shippingCents, rate, order.pricesIncludeTax)
        : 0;
  // With prices that include tax, the tax is inside the delivery price already.
  const totalCents = shippingCents + (order.pricesIncludeTax ? 0 : taxCents);
  return { shippingCents, taxCents, totalCents };
}
