import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { shippingMethods, shippingZones } from './shipping.table';

export type ZoneRow = typeof shippingZones.$inferSelect;
export type MethodRow = typeof shippingMethods.$inferSelect;
export type ZoneValues = Pick<ZoneRow, 'name' | 'countries' | 'regions'>;
export type MethodValues = Omit<MethodRow, 'id' | 'zoneId'> & { id?: string | undefined };

export async function listZones(db: Executor) {
  const zones = await db.select().from(shippingZones).orderBy(asc(shippingZones.createdAt));
  const methods = zones.length
    ? await db
        .select()
        .from(shippingMethods)
        .where(
          inArray(
            shippingMethods.zoneId,
            zones.map((z) => z.id),
          ),
        )
        .orderBy(asc(shippingMethods.position))
    : [];
  return zones.map((zone) => ({ ...zone, methods: methods.filter((m) => m.zoneId === zone.id) }));
}

export async function insertZone(db: Executor, zone: ZoneValues) {
  const [row] = await db.insert(shippingZones).values(zone).returning();
  return row!;
}

export async function updateZone(db: Executor, id: string, zone: ZoneValues) {
  const [row] = await db
    .update(shippingZones)
    .set(zone)
    .where(eq(shippingZones.id, id))
    .returning();
  return row;
}

export async function deleteZone(db: Executor, id: string) {
  const [row] = await db
    .delete(shippingZones)
    .where(eq(shippingZones.id, id))
    .returning({ id: shippingZones.id });
  return row;
}

/** Makes the zone's methods exactly these: kept ids are updated, others removed or added. */
export async function replaceMethods(db: Executor, zoneId: string, methods: MethodValues[]) {
  const kept = methods.flatMap((m) => (m.id ? [m.id] : []));
  await db
    .delete(shippingMethods)
    .where(
      and(
        eq(shippingMethods.zoneId, zoneId),
        kept.length ? notInArray(shippingMethods.id, kept) : sql`true`,
      ),
    );
  for (const { id, ...values } of methods) {
    const updated = id
      ? await db
          .update(shippingMethods)
          .set(values)
          .where(and(eq(shippingMethods.id, id), eq(shippingMethods.zoneId, zoneId)))
          .returning({ id: shippingMethods.id })
      : [];
    if (updated.length === 0) await db.insert(shippingMethods).values({ ...values, zoneId });
  }
}
