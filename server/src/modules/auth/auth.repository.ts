import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { passwordResets, sessions, users } from './auth.table';

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Executor, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

export async function findUserById(db: Executor, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function insertUser(db: Executor, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(
  db: Executor,
  id: string,
  values: Partial<Pick<UserRow, 'role' | 'passwordHash' | 'userName'>>,
) {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

export async function insertSession(
  db: Executor,
  values: { tokenHash: string; userId: string; expiresAt: Date },
) {
  await db.insert(sessions).values(values);
}

export async function findSessionUser(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({
      id: users.id,
      userName: users.userName,
      email: users.email,
      role: users.role,
      permissions: users.permissions,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        gt(sessions.expiresAt, now),
        // A deactivated or erased account's sessions stop working even if one row survived.
        isNull(users.deactivatedAt),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

export async function deleteSession(db: Executor, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteExpiredSessions(db: Executor, userId: string, now: Date) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, now)));
}

/** Deletes every expired session; returns how many. */
export async function deleteAllExpiredSessions(db: Executor, now: Date) {
  const rows = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, now))
    .returning({ tokenHash: sessions.tokenHash });
  return rows.length;
}

export async function replaceResetToken(
  db: Executor,
  values: { tokenHash: string; userId: string; expiresAt: Date },
) {
  // One live link per account: asking again invalidates the previous email's link.
  await db.delete(passwordResets).where(eq(passwordResets.userId, values.userId));
  await db.insert(passwordResets).values(values);
}

/** Uses a reset token: deleted as it is read, so of two racing uses only one gets the user. */
export async function takeResetToken(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .delete(passwordResets)
    .where(eq(passwordResets.tokenHash, tokenHash))
    .returning();
  return row && row.expiresAt > now ? row : undefined;
}

export async function deleteUserSessions(db: Executor, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
}
