import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { taxRates } from './taxes.table';

export type TaxRateRow = typeof taxRates.$inferSelect;
export type TaxRateValues = Omit<TaxRateRow, 'id'>;

/** Every rate (a Promise, not a query builder: the rates are kept in memory). */
export async function listRates(db: Executor) {
  return db.select().from(taxRates).orderBy(asc(taxRates.country), asc(taxRates.region));
}

export async function insertRate(db: Executor, values: TaxRateValues) {
  const [row] = await db.insert(taxRates).values(values).returning();
  return row!;
}

export async function updateRate(db: Executor, id: string, values: TaxRateValues) {
  const [row] = await db.update(taxRates).set(values).where(eq(taxRates.id, id)).returning();
  return row;
}

export async function deleteRate(db: Executor, id: string) {
  const [row] = await db.delete(taxRates).where(eq(taxRates.id, id)).returning({ id: taxRates.id });
  return row;
}
