import { type CustomerSort, type CustomerSortKey, customerSorts } from '@contract/customers';
import { is, Placeholder, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/src/db/schema';
import { encodeCursor } from '../../server/src/modules/customers/customer-cursor';
import { pageQuery, pageValues } from '../../server/src/modules/customers/customers.repository';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

// 45 customers whose every sort has ties (broken by id) and whose dates differ by single
// microseconds, which a cursor rounded to JavaScript's milliseconds would skip or repeat. The
// stats are written straight into customer_stats (the triggers are tested in customers.test.ts).
let t: TestApp;
let admin: TestUser;
const COUNT = 45;

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { role: 'admin' });
  await t.db.insert(users).values(
    Array.from({ length: COUNT }, (_, i) => ({
      userName: `Pager ${i % 2 === 0 ? 'Even' : 'Odd'} ${i}`,
      email: `pager${i}@example.com`,
      passwordHash: 'x',
      // Groups of three share an instant; the groups are one microsecond apart.
      createdAt: sql`'2024-01-01T00:00:00Z'::timestamptz + ${Math.floor(i / 3)} * interval '1 microsecond'`,
    })),
  );
  await t.db.execute(sql`
    update customer_stats s
       set orders_count = n % 4,
           spent_cents = (n % 5) * 1000,
           last_order_at = case when n % 3 = 0 then null
                                else '2025-06-01T00:00:00Z'::timestamptz
                                     + (n % 7) * interval '1 microsecond' end
      from (select id, substring(email from 'pager(\\d+)@')::int as n from users
             where email like 'pager%') u
     where s.user_id = u.id`);
});
afterAll(() => t.close());

/** The list's order, as a plain ORDER BY over the whole table says it (the test's oracle). */
async function expected(sort: CustomerSort, search = '') {
  const dir = sort.startsWith('-') ? sql`desc` : sql`asc`;
  const column = {
    joined: sql`s.joined_at ${dir}`,
    orders: sql`s.orders_count ${dir}`,
    spent: sql`s.spent_cents ${dir}`,
    lastOrder: sort.startsWith('-')
      ? sql`s.last_order_at desc nulls last`
      : sql`s.last_order_at asc nulls first`,
  }[sort.replace(/^-/, '') as 'joined'];
  const result = await t.db.execute(sql`
    select s.user_id as id from customer_stats s join users u on u.id = s.user_id
     where u.user_name ilike ${`%${search}%`}
     order by ${column}, s.user_id ${dir}`);
  return rows<{ id: string }>(result).map((r) => r.id);
}

type Answer = {
  data: { _id: string }[];
  pagination: {
    page: number | null;
    next: string | null;
    prev: string | null;
    total: number;
    pages: number;
  };
};
async function list(query: Record<string, string | number>): Promise<Answer> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/customers?${new URLSearchParams(query as Record<string, string>)}`,
    headers: { cookie: admin.cookie },
  });
  expect(res.statusCode, JSON.stringify(query)).toBe(200);
  return res.json();
}
const ids = (a: Answer) => a.data.map((row) => row._id);

/** Next from the first page to the last, then Previous back to the first. */
async function walk(sort: CustomerSort, limit: number, search = '') {
  const forward: string[][] = [];
  let answer = await list({ sort, limit, search });
  expect(answer.pagination.prev).toBeNull();
  forward.push(ids(answer));
  while (answer.pagination.next) {
    answer = await list({ sort, limit, search, after: answer.pagination.next });
    expect(answer.pagination.page).toBeNull();
    forward.push(ids(answer));
    expect(forward.length).toBeLessThanOrEqual(COUNT);
  }
  const backward: string[][] = [ids(answer)];
  while (answer.pagination.prev) {
    answer = await list({ sort, limit, search, before: answer.pagination.prev });
    backward.unshift(ids(answer));
    expect(backward.length).toBeLessThanOrEqual(COUNT);
  }
  expect(answer.pagination.page).toBe(1);
  return { forward, backward };
}

describe('paging by cursor', () => {
  it('walks every sort both ways with no customer repeated or missed, at several page sizes', async () => {
    for (const sort of customerSorts) {
      const all = await expected(sort);
      expect(all).toHaveLength(COUNT);
      for (const limit of [1, 7, 45, 100]) {
        const { forward, backward } = await walk(sort, limit);
        expect(forward.flat(), `${sort} ${limit} next`).toEqual(all);
        expect(backward, `${sort} ${limit} previous`).toEqual(forward);
      }
    }
  });

  it('gives the same pages as page numbers do', async () => {
    for (const sort of customerSorts) {
      const { forward } = await walk(sort, 10);
      for (const [i, page] of forward.entries()) {
        expect(ids(await list({ sort, limit: 10, page: i + 1 })), `${sort} ${i + 1}`).toEqual(page);
      }
    }
  });

  it('pages a search the same way', async () => {
    for (const sort of ['-spent', 'lastOrder', '-joined'] as const) {
      const { forward, backward } = await walk(sort, 4, 'pager even');
      const all = await expected(sort, 'pager even');
      expect(all).toHaveLength(23);
      expect(forward.flat(), sort).toEqual(all);
      expect(backward, sort).toEqual(forward);
    }
    // The total of a search: counted when the matches fill more than a page, the page's own
    // length when they fit on it (no second read of the index), and 0 for none.
    for (const limit of [4, 23, 50]) {
      const { pagination } = await list({ sort: '-spent', limit, search: 'pager even' });
      expect(pagination.total, `limit ${limit}`).toBe(23);
      expect(pagination.pages, `limit ${limit}`).toBe(Math.ceil(23 / limit));
    }
    expect(
      (await list({ sort: '-spent', limit: 4, search: 'no such name' })).pagination.total,
    ).toBe(0);
  });

  it('refuses a cursor it did not give, or one of another sort, with 400', async () => {
    const { pagination } = await list({ sort: '-spent', limit: 5 });
    const id = '00000000-0000-4000-8000-000000000000';
    const forged = (sort: CustomerSort, key: string) => encodeCursor(sort, { key, id });
    const refused: Record<string, string>[] = [
      { sort: 'spent', after: pagination.next! },
      { sort: '-spent', after: pagination.next!, before: pagination.next! },
      { sort: '-spent', after: 'bm90IGEgY3Vyc29y' },
      { sort: '-spent', after: 'has spaces' },
      { sort: '-spent', after: 'x'.repeat(201) },
      { sort: '-spent', after: forged('-spent', "1'); drop table users; --") },
      { sort: 'joined', before: forged('joined', '2024-02-31T00:00:00.000000Z') },
      { sort: 'joined', before: forged('joined', '2024-01-01T00:00:00Z') },
      { sort: 'orders', after: forged('orders', '-infinity') },
      { sort: 'lastOrder', after: encodeCursor('lastOrder', { key: '-infinity', id: 'x' }) },
    ];
    for (const query of refused) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/customers?${new URLSearchParams(query)}`,
        headers: { cookie: admin.cookie },
      });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'INVALID_INPUT' });
    }
  });
});

describe('every page is an index range read', () => {
  it('reads the page after a cursor as one range of the sort’s index, in each sort, with a plan made once for every cursor', async () => {
    for (const sort of customerSorts) {
      const key = sort.replace(/^-/, '') as CustomerSortKey;
      const [first] = await t.db
        .select({ id: users.id })
        .from(users)
        .where(sql`${users.email} = 'pager20@example.com'`);
      const position = {
        key: key === 'joined' ? '2024-01-01T00:00:00.000006Z' : '1',
        id: first!.id,
      };
      const q = {
        search: '',
        key,
        descending: sort.startsWith('-'),
        limit: 51,
        after: key === 'lastOrder' ? { ...position, key: '-infinity' } : position,
      };
      // The statement as the list prepares it, planned generically (the plan a named statement
      // keeps: no parameter's value known), and the values it is executed with.
      const { sql: text, params } = pageQuery(t.db, q).toSQL();
      const values = pageValues(q) as Record<string, unknown>;
      const args = params.map((p) => {
        const value = is(p, Placeholder) ? values[p.name] : p;
        return `'${String(value)}'`;
      });
      // With sequential scans and sorts priced out, only a plan the indexes allow stays cheap.
      const plan = await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_sort = off`);
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        await tx.execute(sql.raw(`prepare plan_check as ${text}`));
        const explained = await tx.execute(
          sql.raw(`explain execute plan_check(${args.join(', ')})`),
        );
        await tx.execute(sql`deallocate plan_check`);
        return rows<{ 'QUERY PLAN': string }>(explained)
          .map((r) => r['QUERY PLAN'])
          .join('\n');
      });
      expect(text, sort).toMatch(/ limit 51\)/);
      expect(plan, sort).toMatch(/Index (Only )?Scan( Backward)? using customer_stats_\w+_idx/);
      expect(plan, sort).toMatch(/Index Cond: \(ROW\(.*\$1/);
      expect(plan, sort).not.toMatch(/Seq Scan on customer_stats|Disabled: true/);
    }
  });

  it("searches on users' trigram index through the customer_list view", async () => {
    // The list reads users through its view (migration 0023); PostgreSQL expands it, so the
    // search's expression is users' own and its trigram index applies. With sequential and
    // plain index scans priced out, only that index's bitmap reads the matching users.
    const q = { search: 'pager4', key: 'spent' as const, descending: true, limit: 51 };
    const { sql: text, params } = pageQuery(t.db, q).toSQL();
    const values = pageValues(q) as Record<string, unknown>;
    const args = params.map((p) => `'${String(is(p, Placeholder) ? values[p.name] : p)}'`);
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_indexscan = off`);
      await tx.execute(sql.raw(`prepare search_check as ${text}`));
      const explained = await tx.execute(
        sql.raw(`explain execute search_check(${args.join(', ')})`),
      );
      await tx.execute(sql`deallocate search_check`);
      return rows<{ 'QUERY PLAN': string }>(explained)
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    });
    expect(text).toMatch(/ from "customer_list" /);
    expect(plan).toMatch(/Bitmap Index Scan on users_search_trgm_idx/);
  });
});
