import type { CustomerSortKey } from '@contract/customers';
import { and, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../lib/like-pattern';
import type { Position } from './customer-cursor';
import { customerList, customerStats } from './customer-stats.table';

/*
 * The customer list reads this module's view `customer_list` (migration 0023): customer_stats
 * joined to users' name, email and erasure, so a page of customers with their name and email
 * is one indexed query, and none of this module's code imports the auth module's table.
 * PostgreSQL expands the view into its join: a search filters on users' trigram index and is
 * paged on customer_stats' sort index in the same statement, as a join written here would be.
 * The per-user order figures are customer_stats' (kept by triggers on orders, migration 0020).
 */

const s = customerStats;
const v = customerList;
/** The stats' columns, in the table (to find a page on its indexes) or the view (to read it). */
type Stats = typeof s | typeof v;

export type CustomerRow = {
  id: string;
  userName: string;
  email: string;
  deletedAt: Date | null;
  joinedAt: Date;
  ordersCount: number;
  spentCents: number;
  lastOrderAt: Date | null;
};

const columns = {
  id: v.userId,
  userName: v.userName,
  email: v.email,
  deletedAt: v.deletedAt,
  joinedAt: v.joinedAt,
  ordersCount: v.ordersCount,
  spentCents: v.spentCents,
  lastOrderAt: v.lastOrderAt,
};

/** Each sort's key as its index has it; last order's has no nulls (never ordered: -infinity). */
const sortKey = (t: Stats): Record<CustomerSortKey, SQL> => ({
  joined: sql`${t.joinedAt}`,
  orders: sql`${t.ordersCount}`,
  spent: sql`${t.spentCents}`,
  lastOrder: sql`coalesce(${t.lastOrderAt}, '-infinity'::timestamptz)`,
});
/** A cursor's key as a parameter of the key's own type (its value is given at execution). */
const keyParam: Record<CustomerSortKey, SQL> = {
  joined: sql`${sql.placeholder('key')}::timestamptz`,
  orders: sql`${sql.placeholder('key')}::int`,
  spent: sql`${sql.placeholder('key')}::bigint`,
  lastOrder: sql`${sql.placeholder('key')}::timestamptz`,
};
/** The key printed exactly (microseconds and -infinity included), to go into a cursor. */
const isoMicros = (t: SQL) =>
  sql`to_char(${t} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const keyText: Record<CustomerSortKey, SQL<string>> = {
  joined: sql<string>`${isoMicros(sql`${v.joinedAt}`)}`,
  orders: sql<string>`${v.ordersCount}::text`,
  spent: sql<string>`${v.spentCents}::text`,
  lastOrder: sql<string>`coalesce(${isoMicros(sql`${v.lastOrderAt}`)}, '-infinity')`,
};

/** ORDER BY for a sort, matching the table's indexes (ties broken by id, same direction). */
function orderBy(t: Stats, key: CustomerSortKey, descending: boolean): SQL {
  const dir = descending ? sql`desc` : sql`asc`;
  return sql`${sortKey(t)[key]} ${dir}, ${t.userId} ${dir}`;
}

/**
 * Rows strictly after a position in the scan's direction: one row comparison, which the sort's
 * index reads as a range however deep the position is.
 */
function beyond(t: Stats, key: CustomerSortKey, descending: boolean): SQL {
  const op = descending ? sql`<` : sql`>`;
  return sql`(${sortKey(t)[key]}, ${t.userId}) ${op} (${keyParam[key]}, ${sql.placeholder('id')}::uuid)`;
}

/**
 * Name and email in one string, as the trigram index users_search_trgm_idx has them (on users'
 * columns, which the view's are once PostgreSQL expands it).
 */
const searchable = sql`(${v.userName} || ' ' || ${v.email})`;

/**
 * The ids of the customers (not erased) whose name or email contains `search`, as a subquery:
 * the admin's order search reads it inside its own statement (one trip, users' trigram index).
 */
export function customerIdsMatching(db: Executor, search: string) {
  return db
    .select({ id: v.userId })
    .from(v)
    .where(and(isNull(v.deletedAt), sql`${searchable} ilike ${containsPattern(search)}`));
}

export type PageQuery = {
  search: string;
  key: CustomerSortKey;
  /** The direction of this read (a page before a cursor reads the sort backwards). */
  descending: boolean;
  limit: number;
  offset?: number;
  after?: Position;
};

/**
 * One page, each row with its `position` (the sort key printed for a cursor). Without a search
 * the page is found on customer_stats' index alone and only its rows are read through the view
 * (joined to users); with one, the planner weighs the trigram index (few matches) against
 * walking the sort's index.
 * The cursor and the offset are placeholders (`pageValues`); the LIMIT is written into the
 * text, so that a plan made once for every value (a generic plan) knows the page's size: with
 * `limit $n` PostgreSQL assumes a tenth of the table and joins it to users by hash.
 */
export function pageQuery(db: Executor, q: PageQuery) {
  const offset = q.offset ? sql.placeholder('offset') : undefined;
  const selected = { ...columns, position: keyText[q.key] };
  if (q.search) {
    return db
      .select(selected)
      .from(v)
      .where(
        and(
          sql`${searchable} ilike ${sql.placeholder('pattern')}`,
          q.after ? beyond(v, q.key, q.descending) : undefined,
        ),
      )
      .orderBy(orderBy(v, q.key, q.descending))
      .limit(literal(q.limit))
      .offset(offset ?? 0);
  }
  const page = db
    .select({ userId: s.userId })
    .from(s)
    .where(q.after ? beyond(s, q.key, q.descending) : undefined)
    .orderBy(orderBy(s, q.key, q.descending))
    .limit(literal(q.limit))
    .offset(offset ?? 0)
    .as('page');
  return db
    .select(selected)
    .from(page)
    .innerJoin(v, eq(v.userId, page.userId))
    .orderBy(orderBy(v, q.key, q.descending));
}

/**
 * An integer written into the statement (Drizzle puts an SQL chunk given as the limit into the
 * text as it is; its types allow only a number or a placeholder).
 */
const literal = (n: number) => sql.raw(String(Math.trunc(n))) as unknown as number;

/** The values of `pageQuery`'s placeholders. */
export const pageValues = (q: PageQuery) => ({
  key: q.after?.key,
  id: q.after?.id,
  offset: q.offset,
  pattern: containsPattern(q.search),
});

export type PageRow = CustomerRow & { position: string };

/**
 * The reads of the usual page sizes (one row more than the page). Their statements are built
 * once (building one cost the server 0.09 ms) and named, so PostgreSQL keeps their plans per
 * connection; a named statement holds about 70 kB of a connection's memory, so other sizes are
 * built and planned on each call.
 */
const USUAL_READS = new Set([10, 20, 25, 50, 100].map((size) => size + 1));
type Statement = { execute(values: Record<string, unknown>): Promise<PageRow[]> };
const statements = new WeakMap<object, Map<string, Statement>>();

/**
 * A page. Without a search it runs as a named prepared statement per shape (sort key, direction,
 * from the start, after a cursor or at an offset, and size): planning cost more of the database's
 * time than reading the page (0.7 of 1 ms). A search's statement has no name (''), so it is
 * planned on each call: its plan depends on how many customers the term matches (few: the
 * trigram index; many: the sort's index), which a plan made once for every term cannot know.
 */
export async function listPage(db: Executor, q: PageQuery): Promise<PageRow[]> {
  if (!USUAL_READS.has(q.limit)) return pageQuery(db, q).execute(pageValues(q));
  const from = q.after ? 'after' : q.offset ? 'offset' : 'start';
  const dir = q.descending ? 'desc' : 'asc';
  const name = `customer_page_${q.key.toLowerCase()}_${dir}_${from}_${q.limit}`;
  const key = q.search ? `${name}_search` : name;
  const built = statements.get(db) ?? new Map<string, Statement>();
  statements.set(db, built);
  let statement = built.get(key);
  if (!statement) {
    statement = pageQuery(db, q).prepare(q.search ? '' : name);
    built.set(key, statement);
  }
  return statement.execute(pageValues(q));
}

export async function countCustomers(db: Executor, search: string) {
  const [row] = search
    ? await db
        .select({ value: count() })
        .from(v)
        .where(sql`${searchable} ilike ${containsPattern(search)}`)
    : await db.select({ value: count() }).from(s);
  return row?.value ?? 0;
}

export async function findCustomer(db: Executor, id: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select(columns).from(v).where(eq(v.userId, id));
  return row;
}

/** The customers among these user ids (a staff account or a user gone is not one). */
export async function findCustomers(db: Executor, ids: string[]): Promise<CustomerRow[]> {
  if (ids.length === 0) return [];
  return db.select(columns).from(v).where(inArray(v.userId, ids));
}
