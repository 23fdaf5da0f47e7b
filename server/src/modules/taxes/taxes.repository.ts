import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { noTaxCountries, taxRates } from './taxes.table';

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

export type NoTaxRow = typeof noTaxCountries.$inferSelect;

/** The countries marked "no tax here". */
export async function listNoTax(db: Executor) {
  return db.select().from(noTaxCountries).orderBy(asc(noTaxCountries.country));
}

/** Marks a country "no tax here" by the admin's say (a mark the upgrade set is confirmed). */
export async function markNoTax(db: Executor, country: string) {
  const [row] = await db
    .insert(noTaxCountries)
    .values({ country })
    .onConflictDoUpdate({ target: noTaxCountries.country, set: { setByUpgrade: false } })
    .returning();
  return row!;
}

export async function unmarkNoTax(db: Executor, country: string) {
  const [row] = await db
    .delete(noTaxCountries)
    .where(eq(noTaxCountries.country, country))
    .returning({ country: noTaxCountries.country });
  return row;
}
