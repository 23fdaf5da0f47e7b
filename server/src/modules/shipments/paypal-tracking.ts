import type { Carrier } from '@contract/shipments';
import type { Db } from '../../db/client';
import type { OrdersService } from '../orders';
import type { PaymentsService } from '../payments';
import * as repo from './paypal-tracking.repository';

// PayPal's carrier codes; a carrier PayPal's list lacks goes as OTHER with its name, as PayPal's
// Add Tracking carriers page says (developer.paypal.com/track-orders/carriers).
const PAYPAL_CARRIERS: Record<Carrier, { carrier: string; carrierNameOther?: string }> = {
  ups: { carrier: 'UPS' },
  usps: { carrier: 'USPS' },
  fedex: { carrier: 'FEDEX' },
  dhl: { carrier: 'DHL' },
  dpd: { carrier: 'OTHER', carrierNameOther: 'DPD' },
  royalMail: { carrier: 'OTHER', carrierNameOther: 'Royal Mail' },
  other: { carrier: 'OTHER', carrierNameOther: 'Other' },
};

/** A pending parcel older than this was left behind by a stopped instance: the job sends it. */
const PENDING_GRACE_MS = 60_000;
const MAX_ATTEMPTS = 100;

/**
 * Sends each parcel's carrier and tracking number to PayPal (Seller Protection for goods
 * shipped with tracking). Invariant: a shipment is never held by PayPal: it is recorded first,
 * then sent; the outcome (sent, failed) is kept on the shipment and failed ones are sent again
 * by the tracking job with the same PayPal-Request-Id, so a repeat is a replay.
 */
export class PayPalTracking {
  constructor(
    private readonly db: Db,
    private readonly payments: PaymentsService,
    private readonly orders: OrdersService,
    readonly isEnabled: boolean,
  ) {}

  /** A new parcel's state: pending when tracking goes to PayPal, off otherwise. */
  get initialState() {
    return this.isEnabled ? ('pending' as const) : ('off' as const);
  }

  /** Sends one parcel's tracking and records the outcome; never throws. */
  async send(shipmentId: string): Promise<'sent' | 'failed' | 'off'> {
    const parcel = await repo.findParcel(this.db, shipmentId);
    if (!parcel) return 'off';
    const refs = await this.orders.paypalRefsOf(parcel.orderId);
    // Nothing at PayPal to attach it to (an order paid before PayPal, or by other means).
    if (!refs?.paypalOrderId || !refs.captureId) {
      await repo.markTracking(this.db, shipmentId, { state: 'off' });
      return 'off';
    }
    try {
      await this.payments.addTracking(
        refs.paypalOrderId,
        {
          captureId: refs.captureId,
          trackingNumber: parcel.trackingNumber,
          ...(PAYPAL_CARRIERS[parcel.carrier as Carrier] ?? PAYPAL_CARRIERS.other),
        },
        `${shipmentId}-track`,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await repo.markTracking(this.db, shipmentId, { state: 'failed', error: message });
      return 'failed';
    }
    await repo.markTracking(this.db, shipmentId, { state: 'sent' });
    return 'sent';
  }

  /** The tracking job's round: failed parcels, and pending ones left behind. How many were sent. */
  async retry(now = new Date()) {
    if (!this.isEnabled) return 0;
    const before = new Date(now.getTime() - PENDING_GRACE_MS);
    let sent = 0;
    for (const parcel of await repo.findUntracked(this.db, before, MAX_ATTEMPTS)) {
      if ((await this.send(parcel.id)) === 'sent') sent += 1;
    }
    return sent;
  }
}
