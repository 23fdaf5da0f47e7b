import { and, asc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { shipments } from './shipments.table';

// A parcel's tracking sent to PayPal: each outcome is a conditional update of a shipment still
// waiting (pending or failed), so a late answer never undoes a "sent".

export type TrackedParcel = {
  id: string;
  orderId: string;
  carrier: string;
  trackingNumber: string;
};

const parcel = {
  id: shipments.id,
  orderId: shipments.orderId,
  carrier: shipments.carrier,
  trackingNumber: shipments.trackingNumber,
};
const isWaiting = inArray(shipments.paypalTracking, ['pending', 'failed']);

/** Parcels whose tracking PayPal has not confirmed: failed ones, and pending ones left behind. */
export async function findUntracked(db: Executor, pendingBefore: Date, maxAttempts: number) {
  return db
    .select(parcel)
    .from(shipments)
    .where(
      and(
        isWaiting,
        lt(shipments.paypalTrackingAttempts, maxAttempts),
        or(eq(shipments.paypalTracking, 'failed'), lt(shipments.createdAt, pendingBefore)),
      ),
    )
    .orderBy(asc(shipments.createdAt))
    .limit(50);
}

export async function findParcel(db: Executor, id: string) {
  const [row] = await db.select(parcel).from(shipments).where(eq(shipments.id, id));
  return row;
}

export async function markTracking(
  db: Executor,
  id: string,
  outcome: { state: 'sent' | 'failed' | 'off'; error?: string },
) {
  await db
    .update(shipments)
    .set({
      paypalTracking: outcome.state,
      paypalTrackingError: (outcome.error ?? '').slice(0, 500),
      paypalTrackingAttempts: sql`${shipments.paypalTrackingAttempts} + 1`,
      ...(outcome.state === 'sent' ? { paypalTrackedAt: sql`now()` } : {}),
    })
    .where(and(eq(shipments.id, id), isWaiting));
}
