// Shipment constants without zod, so the storefront bundle does not carry the schema library.

export const carriers = ['ups', 'usps', 'fedex', 'dhl', 'dpd', 'royalMail', 'other'] as const;
export type Carrier = (typeof carriers)[number];

export const carrierLabels: Record<Carrier, string> = {
  ups: 'UPS',
  usps: 'USPS',
  fedex: 'FedEx',
  dhl: 'DHL',
  dpd: 'DPD',
  royalMail: 'Royal Mail',
  other: 'Other',
};

/**
 * Where each carrier shows a parcel, `{n}` standing for the URL-encoded tracking number.
 * "other" has no pattern: the admin gives the URL.
 */
export const carrierTrackingPatterns: Record<Exclude<Carrier, 'other'>, string> = {
  ups: 'https://www.ups.com/track?tracknum={n}',
  usps: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={n}',
  fedex: 'https://www.fedex.com/fedextrack/?trknbr={n}',
  dhl: 'https://www.dhl.com/global-en/home/tracking/tracking-parcel.html?tracking-id={n}',
  dpd: 'https://tracking.dpd.de/status/en_US/parcel/{n}',
  royalMail: 'https://www.royalmail.com/track-your-item#/tracking-results/{n}',
};

/** The tracking link of a carrier's parcel; null for "other" (its URL is given). */
export function trackingUrlFor(carrier: Carrier, trackingNumber: string): string | null {
  if (carrier === 'other') return null;
  return carrierTrackingPatterns[carrier].replace('{n}', encodeURIComponent(trackingNumber));
}

type Lines = ReadonlyArray<{ lineId: string; quantity: number }>;
type Shippable = {
  cartItems: Lines;
  shipments: ReadonlyArray<{ lines: Lines }>;
  returns: ReadonlyArray<{ kind: string; status: string; lines: Lines }>;
};

/**
 * Each order line's quantity not yet in a shipment and not withdrawn, by lineId (the server's
 * rule, the form's defaults). A withdrawal takes its units from what has not shipped first:
 * those are never sent, whatever its state (a withdrawal is never refused; one refused before
 * that rule still holds them). Only an art. 16 exception gives them back: the right of
 * withdrawal does not apply to them, so the contract stands and they ship as ordered.
 */
export function leftToShip(order: Shippable): Map<string, number> {
  const left = new Map(order.cartItems.map((i) => [i.lineId, i.quantity]));
  const take = (lines: Lines) => {
    for (const { lineId, quantity } of lines) left.set(lineId, (left.get(lineId) ?? 0) - quantity);
  };
  for (const shipment of order.shipments) take(shipment.lines);
  for (const r of order.returns) {
    if (r.kind === 'withdrawal' && r.status !== 'exception') take(r.lines);
  }
  for (const [lineId, n] of left) left.set(lineId, Math.max(0, n));
  return left;
}

/** Whether some unit of the order is still to be sent (withdrawn units never are). */
export function hasUnitsToShip(order: Shippable): boolean {
  return [...leftToShip(order).values()].some((n) => n > 0);
}

/**
 * Every unit withdrawn before any left: nothing ships, the order is not to fulfil and the admin
 * sees it as Withdrawn. A display derived from its returns, not an orderStatus of its own.
 */
export function isWithdrawnBeforeShipping(order: Shippable): boolean {
  return order.shipments.length === 0 && order.cartItems.length > 0 && !hasUnitsToShip(order);
}
