import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { shipmentLines, shipments } from './shipments.table';

export type NewShipment = typeof shipments.$inferInsert;
export type ShipmentLine = { orderItemId: string; quantity: number };

export async function insertShipment(db: Executor, values: NewShipment, lines: ShipmentLine[]) {
  const [row] = await db.insert(shipments).values(values).returning();
  await db.insert(shipmentLines).values(lines.map((l) => ({ ...l, shipmentId: row!.id })));
  return row!;
}

/** The shipments of these orders with their lines, oldest first, in one query. */
export async function listByOrders(db: Executor, orderIds: string[]) {
  return db
    .select({
      id: shipments.id,
      orderId: shipments.orderId,
      carrier: shipments.carrier,
      trackingNumber: shipments.trackingNumber,
      trackingUrl: shipments.trackingUrl,
      createdAt: shipments.createdAt,
      deliveredAt: shipments.deliveredAt,
      orderItemId: shipmentLines.orderItemId,
      quantity: shipmentLines.quantity,
    })
    .from(shipments)
    .innerJoin(shipmentLines, eq(shipmentLines.shipmentId, shipments.id))
    .where(inArray(shipments.orderId, orderIds))
    .orderBy(asc(shipments.createdAt), asc(shipments.id), asc(shipmentLines.orderItemId));
}

/** Marks parcels of this order delivered at `at`, keeping the date of any marked before. */
export async function markDelivered(db: Executor, orderId: string, ids: string[], at: Date) {
  if (ids.length === 0) return;
  await db
    .update(shipments)
    .set({ deliveredAt: sql`coalesce(${shipments.deliveredAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(shipments.orderId, orderId), inArray(shipments.id, ids)));
}
