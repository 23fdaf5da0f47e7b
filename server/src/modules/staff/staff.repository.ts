import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../auth/auth.table';

export type StaffRow = typeof users.$inferSelect;

/** Admins and staff, oldest first (the owner leads); erased accounts are left out. */
export function listStaff(db: Executor) {
  return db
    .select()
    .from(users)
    .where(and(inArray(users.role, ['admin', 'staff']), isNull(users.deletedAt)))
    .orderBy(asc(users.createdAt), asc(users.id));
}

/** The owner: the first admin created (ties broken by id, so every instance agrees). */
export async function ownerId(db: Executor): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  return row?.id;
}

/** One user, locked until the transaction ends: two edits of one person run one after another. */
export async function lockUser(db: Executor, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update').limit(1);
  return row;
}

export async function findByEmail(db: Executor, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

export async function insertStaff(db: Executor, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateStaff(
  db: Executor,
  id: string,
  values: Partial<Pick<StaffRow, 'userName' | 'permissions' | 'deactivatedAt'>>,
) {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row!;
}
