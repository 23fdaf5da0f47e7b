import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/client';
import { executePrepared } from '../../server/src/db/prepared';
import { createTestDatabase } from '../helpers/test-app';

describe('named prepared statements', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const double = (n: number) => sql`select ${n}::int * 2 as doubled, ${String(n)}::text as text`;

  it('answers each call with its own values, outside and inside a transaction', async () => {
    const { db } = database;
    expect(await executePrepared(db, 'test_double', double(2))).toEqual([
      { doubled: 4, text: '2' },
    ]);
    expect(await executePrepared(db, 'test_double', double(21))).toEqual([
      { doubled: 42, text: '21' },
    ]);
    const inside = await db.transaction((tx) => executePrepared(tx, 'test_double', double(5)));
    expect(inside).toEqual([{ doubled: 10, text: '5' }]);
  });

  it('is kept by PostgreSQL under its name on the connection that ran it', async () => {
    // One pooled connection, so the statement and the catalogue view meet on it.
    const named = await database.db.transaction(async (tx) => {
      await executePrepared(tx, 'test_named', double(1));
      const result = await tx.execute(sql`select name from pg_prepared_statements`);
      return (result as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
    });
    // PGlite runs the statement unnamed (its driver has no statement cache): nothing is kept.
    if (database.kind === 'postgres') expect(named).toContain('test_named');
    else expect(named).not.toContain('test_named');
  });
});
