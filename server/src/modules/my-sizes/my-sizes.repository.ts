import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { savedSizes } from './my-sizes.table';

export type SavedSizeRow = typeof savedSizes.$inferSelect;

export const listSizes = (db: Executor, userId: string) =>
  db
    .select()
    .from(savedSizes)
    .where(eq(savedSizes.userId, userId))
    .orderBy(asc(savedSizes.brand), asc(savedSizes.category));

export async function findSize(db: Executor, userId: string, brand: string, category: string) {
  const [row] = await db
    .select()
    .from(savedSizes)
    .where(
      and(
        eq(savedSizes.userId, userId),
        eq(savedSizes.brand, brand),
        eq(savedSizes.category, category),
      ),
    )
    .limit(1);
  return row;
}

/** One row per user, brand and category: saving again replaces the size. */
export async function upsertSize(
  db: Executor,
  values: Pick<SavedSizeRow, 'userId' | 'brand' | 'category' | 'size'>,
) {
  await db
    .insert(savedSizes)
    .values(values)
    .onConflictDoUpdate({
      target: [savedSizes.userId, savedSizes.brand, savedSizes.category],
      set: { size: values.size, updatedAt: new Date() },
    });
}

export async function deleteSize(db: Executor, userId: string, brand: string, category: string) {
  await db
    .delete(savedSizes)
    .where(
      and(
        eq(savedSizes.userId, userId),
        eq(savedSizes.brand, brand),
        eq(savedSizes.category, category),
      ),
    );
}

/** Every saved size of the user (their account's erasure, through ./index.ts). */
export async function deleteSavedSizesOf(db: Executor, userId: string) {
  await db.delete(savedSizes).where(eq(savedSizes.userId, userId));
}
