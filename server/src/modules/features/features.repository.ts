import type { BannerTextInput, FeatureImage } from '@contract/catalog';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { featureImages } from './features.table';

type FeatureRow = typeof featureImages.$inferSelect;

export const toFeatureImage = (row: FeatureRow): FeatureImage => ({
  _id: row.id,
  image: row.image,
  title: row.title,
  text: row.text,
  buttonLabel: row.buttonLabel,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
});

export async function listFeatureImages(db: Executor) {
  return db
    .select()
    .from(featureImages)
    .orderBy(asc(featureImages.createdAt), asc(featureImages.id));
}

export async function insertFeatureImage(
  db: Executor,
  banner: { image: string } & BannerTextInput,
) {
  const [row] = await db.insert(featureImages).values(banner).returning();
  return row!;
}

export async function updateFeatureText(db: Executor, id: string, fields: BannerTextInput) {
  const [row] = await db
    .update(featureImages)
    .set(fields)
    .where(eq(featureImages.id, id))
    .returning();
  return row;
}

export async function deleteFeatureImage(db: Executor, id: string) {
  const [row] = await db
    .delete(featureImages)
    .where(eq(featureImages.id, id))
    .returning({ id: featureImages.id });
  return row;
}
