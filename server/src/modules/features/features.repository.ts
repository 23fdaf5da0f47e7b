import { asc, eq } from 'drizzle-orm';
import type { FeatureImage } from '../../../../contract/catalog';
import type { Executor } from '../../db/client';
import { featureImages } from './features.table';

type FeatureRow = typeof featureImages.$inferSelect;

export const toFeatureImage = (row: FeatureRow): FeatureImage => ({
  _id: row.id,
  image: row.image,
  createdAt: row.createdAt.toISOString(),
});

export async function listFeatureImages(db: Executor) {
  return db
    .select()
    .from(featureImages)
    .orderBy(asc(featureImages.createdAt), asc(featureImages.id));
}

export async function insertFeatureImage(db: Executor, image: string) {
  const [row] = await db.insert(featureImages).values({ image }).returning();
  return row!;
}

export async function deleteFeatureImage(db: Executor, id: string) {
  const [row] = await db
    .delete(featureImages)
    .where(eq(featureImages.id, id))
    .returning({ id: featureImages.id });
  return row;
}
