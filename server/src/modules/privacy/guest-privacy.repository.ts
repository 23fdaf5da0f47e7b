import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { guestPrivacyTokens } from './privacy.table';

// A guest's privacy links (privacy.table.ts): issued by the request, read by the pages they open.

const ofEmail = (email: string) => sql`lower(${guestPrivacyTokens.email}) = lower(${email})`;

/** Stores a new link, and forgets every link that has run out (their emails with them). */
export async function insertGuestPrivacyToken(
  db: Executor,
  values: typeof guestPrivacyTokens.$inferInsert,
  now: Date,
) {
  await db.delete(guestPrivacyTokens).where(lt(guestPrivacyTokens.expiresAt, now));
  await db.insert(guestPrivacyTokens).values(values);
}

/** The live link with this token's HMAC. */
export async function findGuestPrivacyToken(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select()
    .from(guestPrivacyTokens)
    .where(and(eq(guestPrivacyTokens.tokenHash, tokenHash), gt(guestPrivacyTokens.expiresAt, now)));
  return row;
}

/** Every privacy link sent to this address (any case): an erasure ends them. */
export async function deleteGuestPrivacyTokens(db: Executor, email: string) {
  await db.delete(guestPrivacyTokens).where(ofEmail(email));
}
