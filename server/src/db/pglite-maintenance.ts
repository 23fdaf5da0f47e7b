import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startPeriodicJob } from '../lib/periodic-job';
import type { Database } from './client';

/** Local hour of the nightly run: the quietest hour of most shops. */
export const VACUUM_HOUR = 4;

/** Milliseconds from `now` to the next `hour`:00 local time (a full day when it is that moment). */
export function msUntilHour(now: Date, hour = VACUUM_HOUR) {
  const next = new Date(now);
  next.setHours(hour, 0, 0, 0);
  if (next <= now) next.setDate(next.getDate() + 1);
  return next.getTime() - now.getTime();
}

/**
 * `VACUUM (ANALYZE)` of every table of the shop, one statement per table so other queries run
 * between them. Returns the tables done.
 */
export async function vacuumTables(database: Database) {
  const found = await database.db.execute<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const names = (found as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);
  for (const name of names) {
    await database.db.execute(sql.raw(`vacuum (analyze) "${name.replaceAll('"', '""')}"`));
  }
  return names;
}

/**
 * PGlite runs PostgreSQL as a single process: there is no autovacuum worker, so without this
 * an embedded shop never reclaims the row versions its updates leave (every cart add, stock
 * change and session) nor refreshes the planner's statistics as the catalogue grows. Once a
 * night at VACUUM_HOUR it vacuums and analyzes each table; the server's thread is busy while it
 * does (~0.4 s for a 10,000-product shop, ~0.7 s the first time), hence the quiet hour.
 * PostgreSQL servers run their own autovacuum and get nothing from this.
 */
export default fp(
  async function pgliteMaintenance(
    app: FastifyInstance,
    // Tests name a nearer moment than the next VACUUM_HOUR.
    { delayMs = (now: Date) => msUntilHour(now) }: { delayMs?: (now: Date) => number },
  ) {
    if (app.database.kind !== 'pglite') return;
    const job = startPeriodicJob({
      every: delayMs,
      log: app.log,
      failure: 'database vacuum failed; retrying tomorrow',
      round: async () => {
        const started = Date.now();
        const tables = await vacuumTables(app.database);
        app.log.info({ tables: tables.length, ms: Date.now() - started }, 'vacuumed the database');
      },
    });
    // A vacuum in progress finishes before the database closes (main.ts closes it last).
    app.addHook('onClose', () => job.stop());
  },
  { name: 'pglite-maintenance' },
);
