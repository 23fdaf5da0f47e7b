import { and, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog } from './audit.table';

export type NewAuditRow = typeof auditLog.$inferInsert;
export type AuditRow = typeof auditLog.$inferSelect;

export type AuditFilter = {
  entity?: string;
  entityId?: string;
  actorId?: string;
  actorEmail?: string;
  from?: Date;
  before?: Date;
};

export async function insert(db: Executor, row: NewAuditRow) {
  await db.insert(auditLog).values(row);
}

function where(filter: AuditFilter): SQL | undefined {
  return and(
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
    filter.actorId ? eq(auditLog.actorId, filter.actorId) : undefined,
    filter.actorEmail
      ? sql`lower(${auditLog.actorEmail}) = ${filter.actorEmail.toLowerCase()}`
      : undefined,
    filter.from ? gte(auditLog.createdAt, filter.from) : undefined,
    filter.before ? lt(auditLog.createdAt, filter.before) : undefined,
  );
}

/** Newest first; the id breaks ties between entries of the same instant. */
export async function page(db: Executor, filter: AuditFilter, offset: number, limit: number) {
  const condition = where(filter);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(condition)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(auditLog).where(condition),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}
