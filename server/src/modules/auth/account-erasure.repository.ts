import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { deleteUserSessions } from './auth.repository';
import { users } from './auth.table';

// An account's erasure (GDPR art. 17), as the privacy module runs it through ./index.ts, in its
// transaction: the account read (locked, AccountsService.lock), its secrets deleted, then the
// row made anonymous.

/** Not a PHC string: argon2 verification of any password fails on it. */
export const UNUSABLE_PASSWORD = '!erased';

/** One account, erased or not (AccountsService.lock reads it locked for the erasure). */
export async function findAccount(db: Executor, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/**
 * Deletes the account's sessions, then its password-reset links (the same two statements as a
 * password change): the sessions' trigger NOTIFY makes every instance forget them at commit.
 */
export function eraseAccountSecrets(tx: Executor, userId: string) {
  return deleteUserSessions(tx, userId);
}

/**
 * The account's row, kept (orders point at it) as `userName` with an unusable email and
 * password, no permissions, and `deletedAt`; its trigger NOTIFY (user_changed) reaches every
 * instance at commit.
 */
export async function anonymiseAccount(
  tx: Executor,
  userId: string,
  values: { userName: string; email: string; deletedAt: Date },
) {
  await tx
    .update(users)
    .set({
      userName: values.userName,
      email: values.email,
      passwordHash: UNUSABLE_PASSWORD,
      permissions: [],
      deletedAt: values.deletedAt,
    })
    .where(eq(users.id, userId));
}
