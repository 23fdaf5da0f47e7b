import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/client';
import pgliteMaintenance, {
  msUntilHour,
  vacuumTables,
} from '../../server/src/db/pglite-maintenance';
import { createTestDatabase } from '../helpers/test-app';
import { settle } from '../helpers/wait';

const HOUR_MS = 60 * 60 * 1000;

describe('nightly vacuum of the embedded database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

  it('vacuums and analyzes every table of the shop, reclaiming what updates left', async () => {
    const before = await rows<{ count: number }>(
      sql`select count(*)::int as count from pg_stat_user_tables where last_vacuum is not null`,
    );
    expect(before).toEqual([{ count: 0 }]);
    // Row versions left behind, as cart adds and stock changes leave them.
    await database.db.execute(sql`create table churn (id int primary key, n int not null)`);
    await database.db.execute(sql`insert into churn select g, 0 from generate_series(1, 2000) g`);
    for (let i = 0; i < 5; i++) await database.db.execute(sql`update churn set n = n + 1`);
    // The updates' counts reach pg_stat_* when the backend flushes them (at most once a second):
    // flushed now, they cannot land after the vacuum's own report and read as dead rows again.
    await database.db.execute(sql`select pg_stat_force_next_flush()`);
    await database.db.execute(sql`select 1`);

    const done = await vacuumTables(database);

    const tables = await rows<{ name: string }>(
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    );
    expect(done).toEqual(tables.map((t) => t.name));
    expect(done).toEqual(expect.arrayContaining(['products', 'cart_items', 'sessions', 'churn']));
    const stats = await rows<{ name: string; vacuumed: boolean; analyzed: boolean }>(
      sql`select relname as name, last_vacuum is not null as vacuumed,
            last_analyze is not null as analyzed
          from pg_stat_user_tables where schemaname = 'public'`,
    );
    expect(stats.filter((s) => !s.vacuumed || !s.analyzed)).toEqual([]);
    // The vacuum's report is flushed the same way.
    const churn = async () => {
      await database.db.execute(sql`select pg_stat_force_next_flush()`);
      const [row] = await rows<{ live: number; dead: number }>(
        sql`select n_live_tup::int as live, n_dead_tup::int as dead
            from pg_stat_user_tables where relname = 'churn'`,
      );
      return row;
    };
    await expect.poll(churn, { timeout: 15_000, interval: 250 }).toEqual({ live: 2000, dead: 0 });
  });

  it('waits for the next 04:00, local time', () => {
    expect(msUntilHour(new Date(2026, 10, 24, 3, 0, 0))).toBe(HOUR_MS);
    expect(msUntilHour(new Date(2026, 10, 24, 5, 30, 0))).toBe(22.5 * HOUR_MS);
    // At 04:00 itself the run has just started: the next is tomorrow's.
    expect(msUntilHour(new Date(2026, 10, 24, 4, 0, 0))).toBe(24 * HOUR_MS);
  });

  it('runs by itself when its hour comes, on PGlite only (PostgreSQL has autovacuum)', async () => {
    const own = await createTestDatabase();
    const app = Fastify();
    app.decorate('database', own);
    await app.register(pgliteMaintenance, { delayMs: () => 50 });
    await app.ready();
    const vacuumed = async () =>
      (
        (await own.db.execute(
          sql`select count(*)::int as count from pg_stat_user_tables
              where relname = 'products' and last_vacuum is not null`,
        )) as unknown as { rows: { count: number }[] }
      ).rows[0]?.count;
    try {
      if (own.kind === 'pglite') {
        await expect.poll(vacuumed, { timeout: 10_000 }).toBe(1);
      } else {
        await settle();
        expect(await vacuumed()).toBe(0);
      }
    } finally {
      await app.close();
      await own.close();
    }
  });
});
