import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from './auth.table';

// The accounts as the admin's pages read them (through AccountsService, and the CSV export's
// pages through ./index.ts): staff, shoppers for the CSV export, an order's customer's email.

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
export async function staffOwnerId(db: Executor): Promise<string | undefined> {
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

export async function findUserIdByEmail(db: Executor, email: string) {
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

/** The accounts' emails by id (an order's customer's, for the CSV export). */
export async function emailsOf(db: Executor, ids: string[]) {
  const contacts = await contactsOf(db, ids);
  return new Map([...contacts].map(([id, c]) => [id, c.email]));
}

/** The email and name of each given account that exists. */
export async function contactsOf(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, { email: string; userName: string }>();
  const rows = await db
    .select({ id: users.id, email: users.email, userName: users.userName })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map(({ id, ...contact }) => [id, contact]));
}

/** One page of shoppers' accounts by id (erased ones left out). */
export async function pageOfShoppers(db: Executor, afterId: string | null, limit: number) {
  return db
    .select({
      id: users.id,
      email: users.email,
      userName: users.userName,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(
      and(
        eq(users.role, 'shopper'),
        isNull(users.deletedAt),
        afterId ? sql`${users.id} > ${afterId}` : undefined,
      ),
    )
    .orderBy(asc(users.id))
    .limit(limit);
}
