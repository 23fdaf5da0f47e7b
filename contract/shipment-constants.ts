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
 * rule, the form's defaults). A withdrawal (not refused) takes its units from what has not
 * shipped first: those are never sent; units already sent come back as a return.
 */
export function leftToShip(order: Shippable): Map<string, number> {
  const left = new Map(order.cartItems.map((i) => [i.lineId, i.quantity]));
  const take = (lines: Lines) => {
    for (const { lineId, quantity } of lines) left.set(lineId, (left.get(lineId) ?? 0) - quantity);
  };
  for (const shipment of order.shipments) take(shipment.lines);
  for (const r of order.returns) {
    if (r.kind === 'withdrawal' && r.status !== 'refused') take(r.lines);
  }
  for (const [lineId, n] of left) left.set(lineId, Math.max(0, n));
  return left;
}
