import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { transact } from '../../db/transaction';
import { emailOutbox } from './email.table';

export type OutboxRow = typeof emailOutbox.$inferSelect;

import type { EmailStatus } from '@contract/email';

export async function insertMessage(
  db: Executor,
  values: { recipient: string; template: string; data: unknown },
) {
  const [row] = await db.insert(emailOutbox).values(values).returning({ id: emailOutbox.id });
  return row!.id;
}

/**
 * Claims up to `limit` due messages for this sender: rows another instance is claiming are
 * skipped (FOR UPDATE SKIP LOCKED), and a claimed row carries a lease that others respect
 * until it runs out (a sender that died gives its messages back that way).
 */
export async function claimDue(
  db: Db,
  { now, leaseMs, limit, token }: { now: Date; leaseMs: number; limit: number; token: string },
) {
  return transact(db, async (tx) => {
    const due = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.status, 'pending'),
          lte(emailOutbox.nextAttemptAt, now),
          or(isNull(emailOutbox.claimedUntil), lt(emailOutbox.claimedUntil, now)),
        ),
      )
      .orderBy(asc(emailOutbox.nextAttemptAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(emailOutbox)
      .set({
        claimedUntil: new Date(now.getTime() + leaseMs),
        claimToken: token,
        attempts: sql`${emailOutbox.attempts} + 1`,
      })
      .where(
        inArray(
          emailOutbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

/** Only the holder of the claim records the outcome. */
const claimed = (id: string, token: string) =>
  and(eq(emailOutbox.id, id), eq(emailOutbox.claimToken, token));

export async function markSent(
  db: Executor,
  id: string,
  token: string,
  values: { subject: string; data?: unknown },
) {
  await db
    .update(emailOutbox)
    .set({
      status: 'sent',
      sentAt: sql`now()`,
      subject: values.subject,
      lastError: null,
      claimedUntil: null,
      ...(values.data !== undefined ? { data: values.data } : {}),
    })
    .where(claimed(id, token));
}

export async function markFailed(
  db: Executor,
  id: string,
  token: string,
  values: { error: string; subject?: string | undefined; retryAt?: Date | undefined },
) {
  await db
    .update(emailOutbox)
    .set({
      status: values.retryAt ? 'pending' : 'failed',
      lastError: values.error.slice(0, 1000),
      claimedUntil: null,
      ...(values.retryAt ? { nextAttemptAt: values.retryAt } : {}),
      ...(values.subject ? { subject: values.subject } : {}),
    })
    .where(claimed(id, token));
}

/** Gives claimed messages back unsent: due again at once, and the claim is not an attempt. */
export async function releaseClaims(db: Executor, ids: string[], token: string) {
  if (ids.length === 0) return;
  await db
    .update(emailOutbox)
    .set({ claimedUntil: null, attempts: sql`${emailOutbox.attempts} - 1` })
    .where(and(inArray(emailOutbox.id, ids), eq(emailOutbox.claimToken, token)));
}

export async function list(db: Executor, status: EmailStatus | undefined, limit: number) {
  return db
    .select()
    .from(emailOutbox)
    .where(status ? eq(emailOutbox.status, status) : undefined)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
}

export async function countByStatus(db: Executor) {
  return db
    .select({ status: emailOutbox.status, count: sql<number>`count(*)::int` })
    .from(emailOutbox)
    .groupBy(emailOutbox.status);
}

/** A failed message goes back in line with a fresh set of attempts. */
export async function retry(db: Executor, id: string) {
  const [row] = await db
    .update(emailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, claimedUntil: null })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'failed')))
    .returning();
  return row;
}

/** Deletes messages sent before `cutoff`; failed ones stay for the admin. */
export async function deleteSentBefore(db: Executor, cutoff: Date) {
  const rows = await db
    .delete(emailOutbox)
    .where(and(eq(emailOutbox.status, 'sent'), lt(emailOutbox.sentAt, cutoff)))
    .returning({ id: emailOutbox.id });
  return rows.length;
}

// A person's data download and erasure (the privacy module, through ./index.ts): the mail to
// an address, whatever its case, queued or sent.

const byRecipient = (email: string) => sql`lower(${emailOutbox.recipient}) = lower(${email})`;

/** The messages to this address, oldest first. */
export function listToRecipient(db: Executor, email: string) {
  return db
    .select()
    .from(emailOutbox)
    .where(byRecipient(email))
    .orderBy(asc(emailOutbox.createdAt));
}

/** Mail already sent or waiting for this address: its data names the person. */
export async function deleteToRecipient(db: Executor, email: string) {
  await db.delete(emailOutbox).where(byRecipient(email));
}

/**
 * The mail to this address about these orders (an order's or a return's message names its
 * order), and the messages of these templates to it: a guest's data, who has no account.
 */
const aboutOrders = (email: string, orderIds: string[], templates: string[]) =>
  and(
    byRecipient(email),
    or(
      sql`false`,
      orderIds.length > 0
        ? inArray(sql<string>`${emailOutbox.data} -> 'order' ->> 'orderId'`, orderIds)
        : undefined,
      templates.length > 0 ? inArray(emailOutbox.template, templates) : undefined,
    ),
  );

/** The messages about a guest's orders (see `aboutOrders`), oldest first. */
export function listAboutOrders(
  db: Executor,
  email: string,
  orderIds: string[],
  templates: string[],
) {
  return db
    .select()
    .from(emailOutbox)
    .where(aboutOrders(email, orderIds, templates))
    .orderBy(asc(emailOutbox.createdAt));
}

/** A guest's erasure: their orders' mail (it names them and their address). */
export async function deleteAboutOrders(
  db: Executor,
  email: string,
  orderIds: string[],
  templates: string[],
) {
  await db.delete(emailOutbox).where(aboutOrders(email, orderIds, templates));
}
