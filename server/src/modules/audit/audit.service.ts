import { type AuditEntry, type AuditQuery, nameKey } from '@contract/audit';
import { isId } from '@contract/common';
import type { Db } from '../../db/client';
import * as repo from './audit.repository';
import { changedFields, type Snapshot, toSnapshot } from './audit-snapshot';

/** Reads one entity as the admin sees it, or null when it does not exist (any more). */
export type EntityLoader = (id: string) => Promise<unknown>;

/** Names these ids as a person reads them (ids it cannot name are left out). */
export type EntityNamer = (ids: string[]) => Promise<Map<string, string>>;

/** Who made a write and from where; the CLI is `{ actorId: null, actorEmail: 'cli', ip: 'cli' }`. */
export type Actor = { actorId: string | null; actorEmail: string; ip: string };

export const CLI_ACTOR: Actor = { actorId: null, actorEmail: 'cli', ip: 'cli' };

export type Change = {
  action: string;
  entity: string;
  entityId: string;
  /** Whole snapshots; `record` keeps only the fields that changed between them. */
  before: unknown;
  after: unknown;
};

/**
 * The audit log: one append-only row per write made through an admin route or the CLI. Entity
 * loaders are registered by name (services.ts) so the log reads each entity the same way before
 * and after a write without importing any module's tables.
 */
export class AuditService {
  private readonly loaders = new Map<string, EntityLoader>();
  private readonly namers = new Map<string, EntityNamer>();

  constructor(
    private readonly db: Db,
    private readonly timeZone = 'UTC',
  ) {}

  /** `user` names the actors (account ids); any other name an entity's ids. */
  registerNamer(entity: string, name: EntityNamer) {
    this.namers.set(entity, name);
  }

  registerLoader(entity: string, load: EntityLoader) {
    this.loaders.set(entity, load);
  }

  hasLoader(entity: string) {
    return this.loaders.has(entity);
  }

  /** The entity's snapshot, or null when it is gone, has no loader, or the id is not one. */
  async snapshot(entity: string, id: string | undefined): Promise<Snapshot | null> {
    const load = this.loaders.get(entity);
    if (!load || !id) return null;
    try {
      return toSnapshot(await load(id));
    } catch {
      // A loader's NOT_FOUND (or an id of the wrong shape) means there is nothing to show.
      return null;
    }
  }

  /** Appends one entry; an edit keeps only its changed fields, a create or delete the whole. */
  async record(actor: Actor, change: Change) {
    const was = toSnapshot(change.before);
    const now = toSnapshot(change.after);
    const diff = was && now ? changedFields(was, now) : { before: was, after: now };
    await repo.insert(this.db, {
      ...actor,
      action: change.action,
      entity: change.entity,
      entityId: change.entityId,
      before: diff.before,
      after: diff.after,
    });
  }

  async list(query: AuditQuery) {
    const { page, limit } = query;
    const actor = query.actor;
    const filter: repo.AuditFilter = {
      entity: query.entity,
      entityId: query.id,
      ...(actor && isId(actor) ? { actorId: actor } : { actorEmail: actor }),
      from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
      // `to` is a whole day: entries before the next midnight.
      before: query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000) : undefined,
    };
    const { rows, total } = await repo.page(this.db, filter, (page - 1) * limit, limit);
    return {
      data: rows.map(toEntry),
      pagination: { page, limit, total, pages: Math.ceil(total / limit) },
      names: await this.namesOf(rows),
      timeZone: this.timeZone,
    };
  }

  /** The names of a page's actors and entities: one call per kind, for the page's ids. */
  private async namesOf(rows: repo.AuditRow[]) {
    const wanted = new Map<string, Set<string>>();
    const want = (entity: string, id: string | null) => {
      if (id) wanted.set(entity, (wanted.get(entity) ?? new Set()).add(id));
    };
    for (const row of rows) {
      want('user', row.actorId);
      want(row.entity, row.entityId);
    }
    const names: Record<string, string> = {};
    await Promise.all(
      [...wanted].map(async ([entity, ids]) => {
        const name = this.namers.get(entity);
        if (!name) return;
        // A name is a help to the reader: one that cannot be read leaves the id shown.
        const found = await name([...ids]).catch(() => new Map<string, string>());
        for (const [id, text] of found) names[nameKey(entity, id)] = text;
      }),
    );
    return names;
  }
}

function toEntry(row: repo.AuditRow): AuditEntry {
  return {
    id: row.id,
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    ip: row.ip,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    before: (row.before as Snapshot | null) ?? null,
    after: (row.after as Snapshot | null) ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
