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
export type Executor = Pick<
  Db,
  'select' | 'insert' | 'update' | 'delete' | 'execute' | 'transaction'
>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /** `onNotify('')` when notifications may have been missed: treat everything as changed. */
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

// pg's Client holds its connect() callback, and through it the first query's rows, for the
// connection's life (README.md); an error keeps it, as pg may report one twice. The class name
// must not hold "Pool": drizzle takes any such class for a pool.
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

// A change could be missed while the connection is down, so every (re)connect reports one.
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

/** In memory without dataDir. Imported on use, so a server on PostgreSQL never loads PGlite. */
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
    // The default 128 MB grows the WASM heap for good; reads are cached above the database.
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
