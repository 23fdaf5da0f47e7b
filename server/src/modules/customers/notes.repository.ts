import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customerNotes, orderNotes } from './notes.table';

export type NoteRow = typeof customerNotes.$inferSelect | typeof orderNotes.$inferSelect;
type Author = { id: string; userName: string };

export async function listForCustomer(db: Executor, userId: string) {
  return db
    .select()
    .from(customerNotes)
    .where(eq(customerNotes.userId, userId))
    .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id));
}

export async function listForOrder(db: Executor, orderId: string) {
  return db
    .select()
    .from(orderNotes)
    .where(eq(orderNotes.orderId, orderId))
    .orderBy(desc(orderNotes.createdAt), desc(orderNotes.id));
}

export async function insertCustomerNote(
  db: Executor,
  userId: string,
  author: Author,
  body: string,
) {
  const [row] = await db
    .insert(customerNotes)
    .values({ userId, authorId: author.id, authorName: author.userName, body })
    .returning();
  return row!;
}

export async function insertOrderNote(db: Executor, orderId: string, author: Author, body: string) {
  const [row] = await db
    .insert(orderNotes)
    .values({ orderId, authorId: author.id, authorName: author.userName, body })
    .returning();
  return row!;
}
