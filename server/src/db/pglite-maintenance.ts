import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startPeriodicJob } from '../lib/periodic-job';
import type { Database } from './client';

// Local time: the quietest hour of most shops, since the vacuum holds the server's thread.
export const VACUUM_HOUR = 4;

export function msUntilHour(now: Date, hour = VACUUM_HOUR) {
  const next = new Date(now);
  next.setHours(hour, 0, 0, 0);
  if (next <= now) next.setDate(next.getDate() + 1);
  return next.getTime() - now.getTime();
}

/** One statement per table, so other queries run between them. */
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

/** PGlite has no autovacuum worker: without this, dead rows and stale statistics pile up. */
export default fp(
  async function pgliteMaintenance(
    app: FastifyInstance,
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
    app.addHook('onClose', () => job.stop());
  },
  { name: 'pglite-maintenance' },
);
