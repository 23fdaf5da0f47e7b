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
