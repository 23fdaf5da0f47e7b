import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every write made through an admin route or the CLI: who, when, from where, what, and the
 * fields before and after. Append-only for everyone (a trigger refuses UPDATE, DELETE and
 * TRUNCATE, migration 0019), and without foreign keys, so it outlives what it describes.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // Null for the CLI; the actor's email is kept as it was (the account may be erased later).
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull(),
    // 'cli' for the command line.
    ip: text('ip').notNull(),
    // e.g. 'product.update', 'order.ship', 'staff.invite'.
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);
