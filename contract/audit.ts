import { z } from 'zod';
import { pagedResponse } from './common';

/** The entities the audit log names; an admin page links each to its own screen. */
export const auditEntityName = z
  .string()
  .max(40)
  .regex(/^[a-z][a-z_.]*$/, 'must be an entity name such as product');

/** `GET /api/admin/audit`: every filter optional, newest first, paged. */
export const auditQuery = z.object({
  entity: auditEntityName.optional(),
  id: z.string().trim().min(1).max(200).optional(),
  // An account id (uuid) or an email, or `cli` for the command line.
  actor: z.string().trim().min(1).max(254).optional(),
  from: z.iso.date({ message: 'must be a date (YYYY-MM-DD)' }).optional(),
  to: z.iso.date({ message: 'must be a date (YYYY-MM-DD)' }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditQuery = z.infer<typeof auditQuery>;

/** Before and after hold only the fields that changed (a whole snapshot on create and delete). */
export const auditEntry = z.object({
  id: z.number().int(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  ip: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** `GET /api/admin/audit/orders/{id}`: one order's history (orders.view), newest first, paged. */
export const orderHistoryParams = z.object({ id: z.string().trim().min(1).max(100) });
export const orderHistoryQuery = auditQuery.pick({ page: true, limit: true });

/** The key of a name in `names`: `user:<account id>` for people, `<entity>:<id>` for the rest. */
export const nameKey = (entity: string, id: string) => `${entity}:${id}`;

export const auditListResponse = pagedResponse(auditEntry).extend({
  /**
   * How a person reads the ids of this page: the actors' names (`user:<id>`) and the entities'
   * ("#100042", a product's title, a staff member's name), where they can still be found.
   */
  names: z.record(z.string(), z.string()),
  /** The shop's time zone (SHOP_TIME_ZONE), in which the log's times are shown. */
  timeZone: z.string(),
});
export type AuditListResponse = z.infer<typeof auditListResponse>;
