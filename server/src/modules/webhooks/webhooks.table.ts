import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** PayPal webhook events already handled: a replayed event id changes nothing. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  eventType: text('event_type').notNull(),
  resourceId: text('resource_id').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
