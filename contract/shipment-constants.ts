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

type Shippable = {
  cartItems: ReadonlyArray<{ lineId: string; quantity: number }>;
  shipments: ReadonlyArray<{ lines: ReadonlyArray<{ lineId: string; quantity: number }> }>;
};

/** Each order line's quantity not yet in a shipment, by lineId (the server's rule, the form's defaults). */
export function leftToShip(order: Shippable): Map<string, number> {
  const left = new Map(order.cartItems.map((i) => [i.lineId, i.quantity]));
  for (const shipment of order.shipments) {
    for (const { lineId, quantity } of shipment.lines) {
      left.set(lineId, (left.get(lineId) ?? 0) - quantity);
    }
  }
  return left;
}
