import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sizeCharts } from './size-charts.table';

export type SizeChartRow = typeof sizeCharts.$inferSelect;
export type SizeChartValues = Pick<
  SizeChartRow,
  'name' | 'unit' | 'columns' | 'rows' | 'howToMeasure'
>;

export const listCharts = (db: Executor) =>
  db.select().from(sizeCharts).orderBy(asc(sizeCharts.name), asc(sizeCharts.id));

export const findCharts = (db: Executor, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db.select().from(sizeCharts).where(inArray(sizeCharts.id, ids));

export async function insertChart(db: Executor, values: SizeChartValues) {
  const [row] = await db.insert(sizeCharts).values(values).returning();
  return row!;
}

export async function updateChart(db: Executor, id: string, values: SizeChartValues) {
  const [row] = await db
    .update(sizeCharts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(sizeCharts.id, id))
    .returning();
  return row;
}

export async function deleteChart(db: Executor, id: string) {
  const [row] = await db
    .delete(sizeCharts)
    .where(eq(sizeCharts.id, id))
    .returning({ id: sizeCharts.id });
  return row;
}
