import type { SQL } from 'drizzle-orm';
import type { Executor } from './client';

// What `db.execute` itself uses, typed here because Drizzle marks it internal: its public
// `execute` has no statement name, and `.prepare(name)` exists only on query builders.
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

/**
 * Runs a raw query as the named prepared statement `name`: on PostgreSQL (node-postgres) it is
 * parsed and planned once per pooled connection instead of on every call, which halves the
 * database's work for the cart's statements (a plan costs more than running them). PGlite
 * ignores the name. A name must always carry the same text; keep it to fixed statements whose
 * values are all parameters.
 */
export async function executePrepared<Row>(db: Executor, name: string, query: SQL) {
  const { dialect, session } = db as unknown as Internals;
  const prepared = session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  const result = (await prepared.execute()) as { rows: Row[] };
  return result.rows;
}
