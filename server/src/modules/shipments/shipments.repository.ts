import { asc, eq, inArray } from 'drizzle-orm';
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
      orderItemId: shipmentLines.orderItemId,
      quantity: shipmentLines.quantity,
    })
    .from(shipments)
    .innerJoin(shipmentLines, eq(shipmentLines.shipmentId, shipments.id))
    .where(inArray(shipments.orderId, orderIds))
    .orderBy(asc(shipments.createdAt), asc(shipments.id), asc(shipmentLines.orderItemId));
}
