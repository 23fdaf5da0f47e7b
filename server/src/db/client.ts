import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';

// No schema generic: `db.query` is unused, and typing over db/schema.ts would make every module's
// tables reachable from the one file they all import.
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction or the database itself: repositories accept either. */
export type Executor = Pick<
  Db,
  'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'
>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel`, from any instance, and with
   * '' when notifications may have been missed (everything may have changed). Returns the stop.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);

// Serialises migrations when several instances start at once on one PostgreSQL.
const MIGRATION_LOCK = 7_304_211;

export type PostgresOptions = { url: string; max?: number };

type ConnectCallback = (error: Error | null, client?: pg.Client) => void;

/**
 * pg's Client keeps the callback its connect() was given for as long as the connection lives
 * (the connection's listeners share its scope), and the pool's callback holds the query the
 * client was opened for, with its rows: each pooled connection kept the answer of its first
 * query, the whole listing index's 8 MB for the one opened at start-up. This client lets go of
 * the callback once connected (an error keeps it, as pg may report one twice). Its name must
 * not hold "Pool": drizzle takes any such class for a pool (node-postgres/session.ts).
 */
class ForgetfulClient extends pg.Client {
  override connect(): Promise<pg.Client>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.Client> | undefined {
    if (!callback) return super.connect();
    let held: ConnectCallback | undefined = callback;
    super.connect(((error: Error | null, client?: pg.Client) => {
      const call = held;
      if (!error) held = undefined;
      call?.(error, client);
    }) as ConnectCallback);
  }
}

export function openPostgres({ url, max = 10 }: PostgresOptions): Database {
  const pool = new pg.Pool({ connectionString: url, max, Client: ForgetfulClient });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    listen: (channel, onNotify) => listenPostgres(url, channel, onNotify),
    close: () => pool.end(),
  };
}

const CHANNEL = /^[a-z_]+$/;

/**
 * LISTEN on a connection of its own, reconnecting after a drop. While it is down a change could
 * be missed, so every (re)connect also reports a notification: caches start over.
 */
async function listenPostgres(url: string, channel: string, onNotify: (payload: string) => void) {
  if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    next.on('error', () => {
      if (stopped) return;
      next.end().catch(() => {});
      retry = setTimeout(() => void connect().catch(() => {}), 1000);
      retry.unref();
    });
    await next.connect();
    await next.query(`listen ${channel}`);
    client = next;
    onNotify('');
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

export type PgliteOptions = { dataDir?: string; loadDataDir?: Blob | File };

/**
 * Embedded PostgreSQL (WASM). Without dataDir it lives in memory. Loaded here, on first use: a
 * server on PostgreSQL never holds PGlite's ~1 MB of code.
 */
export async function openPglite({ dataDir, loadDataDir }: PgliteOptions = {}): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] =
    await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm },
    // PGlite's default 128 MB of shared buffers grows the WASM heap for good; the storefront's
    // reads are cached above the database, so a small buffer pool costs little.
    postgresqlconf: ['shared_buffers = 24MB', 'wal_buffers = 1MB'],
  });
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    async ping() {
      await client.query('select 1');
    },
    async listen(channel, onNotify) {
      const unsubscribe = await client.listen(channel, (payload) => onNotify(payload));
      return async () => {
        if (!client.closed) await unsubscribe();
      };
    },
    async close() {
      if (!client.closed) await client.close();
    },
    // Exposed for the test harness, which copies one migrated database per test file.
    ...({ pglite: client } as object),
  };
}
