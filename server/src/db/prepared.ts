import { is, type SQL, sql } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

// Drizzle's internals: the public `execute` takes no statement name, and `.prepare(name)` is
// only on query builders.
type Internals = {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      isResponseInArrayMode: false,
    ): { execute(): Promise<unknown> };
  };
};

// Promises, so a call arriving mid-PREPARE waits instead of preparing the name twice (an error).
const preparedOnPglite = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * Planned once per connection (PGlite: PREPARE, then EXECUTE with literals). A name must always
 * carry the same text; values only strings, numbers, booleans or null. Unprepared inside a
 * PGlite transaction, which does not name its database.
 */
export async function executePrepared<Row>(db: Executor, name: string, query: SQL) {
  const { dialect, session } = db as unknown as Internals;
  const built = dialect.sqlToQuery(query);
  // PGlite, tested by elimination so a server on PostgreSQL never loads it.
  if (!is(session, NodePgSession) && !is(db, PgTransaction)) {
    const database = (db as unknown as { $client: object }).$client;
    if (!database) return plain<Row>(session, built, name);
    const names = preparedOnPglite.get(database) ?? new Map<string, Promise<unknown>>();
    preparedOnPglite.set(database, names);
    let prepared = names.get(name);
    if (!prepared) {
      // One real promise: Drizzle's query runs again on every `then` of its own.
      prepared = db.execute(sql.raw(`prepare ${name} as ${built.sql}`)).then(() => undefined);
      names.set(name, prepared);
      prepared.catch(() => names.delete(name));
    }
    await prepared;
    const values = built.params.map(literal).join(', ');
    const result = (await db.execute(sql.raw(`execute ${name}(${values})`))) as { rows: Row[] };
    return result.rows;
  }
  return plain<Row>(session, built, name);
}

async function plain<Row>(
  session: Internals['session'],
  built: { sql: string; params: unknown[] },
  name: string,
) {
  const prepared = session.prepareQuery(built, undefined, name, false);
  const result = (await prepared.execute()) as { rows: Row[] };
  return result.rows;
}

/** standard_conforming_strings: only quotes are doubled. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string' && !value.includes('\0')) return `'${value.replaceAll("'", "''")}'`;
  throw new TypeError(`executePrepared: cannot write ${typeof value} as a literal`);
}
