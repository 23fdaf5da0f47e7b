import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { webhookEvents } from './webhooks.table';

export async function isProcessed(db: Executor, id: string) {
  const [row] = await db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(eq(webhookEvents.id, id));
  return row !== undefined;
}

/** Records a handled event; a concurrent duplicate delivery simply finds it there. */
export async function markProcessed(
  db: Executor,
  event: { id: string; eventType: string; resourceId: string },
) {
  await db.insert(webhookEvents).values(event).onConflictDoNothing();
}
