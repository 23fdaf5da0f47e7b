import type { CustomerSortKey } from '@contract/customers';
import { count, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../auth/auth.table';
import { customerStats } from './customer-stats.table';

/*
 * The customer list reads the users table directly, joined to this module's customer_stats:
 * a page of 50 customers with their name and email in one indexed query. Going through the
 * auth service would cost a lookup per row, and the per-user order figures are already here
 * (kept by triggers on orders, migration 0020), so the orders module is not asked either.
 */

const s = customerStats;

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
  id: users.id,
  userName: users.userName,
  email: users.email,
  deletedAt: users.deletedAt,
  joinedAt: s.joinedAt,
  ordersCount: s.ordersCount,
  spentCents: s.spentCents,
  lastOrderAt: s.lastOrderAt,
};

/** ORDER BY for a sort, matching the table's indexes (ties broken by id, same direction). */
function orderBy(key: CustomerSortKey, descending: boolean): SQL {
  const dir = descending ? sql`desc` : sql`asc`;
  const column = {
    joined: sql`${s.joinedAt}`,
    orders: sql`${s.ordersCount}`,
    spent: sql`${s.spentCents}`,
    // Never ordered: first oldest-first, last newest-first (the index is nulls first).
    lastOrder: descending
      ? sql`${s.lastOrderAt} desc nulls last`
      : sql`${s.lastOrderAt} asc nulls first`,
  }[key];
  return key === 'lastOrder'
    ? sql`${column}, ${s.userId} ${dir}`
    : sql`${column} ${dir}, ${s.userId} ${dir}`;
}

/** A LIKE pattern matching `term` anywhere, its own %, _ and \ taken literally. */
export function containsPattern(term: string) {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Name and email in one string, as the trigram index users_search_trgm_idx has them. */
const searchable = sql`(${users.userName} || ' ' || ${users.email})`;

export async function listPage(
  db: Executor,
  q: { search: string; key: CustomerSortKey; descending: boolean; limit: number; offset: number },
): Promise<CustomerRow[]> {
  const order = orderBy(q.key, q.descending);
  if (q.search) {
    return db
      .select(columns)
      .from(s)
      .innerJoin(users, eq(users.id, s.userId))
      .where(sql`${searchable} ilike ${containsPattern(q.search)}`)
      .orderBy(order)
      .limit(q.limit)
      .offset(q.offset);
  }
  // Without a search the page is found on customer_stats' index alone (an index-only scan past
  // the offset), and only its rows are joined to users.
  const page = db
    .select({ userId: s.userId })
    .from(s)
    .orderBy(order)
    .limit(q.limit)
    .offset(q.offset)
    .as('page');
  return db
    .select(columns)
    .from(page)
    .innerJoin(s, eq(s.userId, page.userId))
    .innerJoin(users, eq(users.id, s.userId))
    .orderBy(order);
}

export async function countCustomers(db: Executor, search: string) {
  const query = db.select({ value: count() }).from(s);
  const [row] = search
    ? await query
        .innerJoin(users, eq(users.id, s.userId))
        .where(sql`${searchable} ilike ${containsPattern(search)}`)
    : await query;
  return row?.value ?? 0;
}

export async function findCustomer(db: Executor, id: string): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(s)
    .innerJoin(users, eq(users.id, s.userId))
    .where(eq(s.userId, id));
  return row;
}
