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

  it('is kept under its name by the database that ran it (on PGlite, outside transactions)', async () => {
    const { db } = database;
    const prepared = async () => {
      const result = await db.execute(sql`select name from pg_prepared_statements`);
      return (result as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
    };
    if (database.kind === 'pglite') {
      // PGlite has one session: PREPARE once, then EXECUTE; a transaction runs it unnamed.
      await db.transaction((tx) => executePrepared(tx, 'test_in_tx', double(1)));
      expect(await prepared()).not.toContain('test_in_tx');
      await executePrepared(db, 'test_named', double(1));
      expect(await prepared()).toContain('test_named');
      expect(await executePrepared(db, 'test_named', double(3))).toEqual([
        { doubled: 6, text: '3' },
      ]);
      return;
    }
    // One pooled connection, so the statement and the catalogue view meet on it.
    const named = await db.transaction(async (tx) => {
      await executePrepared(tx, 'test_named', double(1));
      const result = await tx.execute(sql`select name from pg_prepared_statements`);
      return (result as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
    });
    expect(named).toContain('test_named');
  });

  it('answers calls that arrive together under a name not yet prepared', async () => {
    const answers = await Promise.all(
      [1, 2, 3].map((n) => executePrepared(database.db, 'test_together', double(n))),
    );
    expect(answers).toEqual([1, 2, 3].map((n) => [{ doubled: n * 2, text: String(n) }]));
  });

  it('passes text through as a value, quotes and all, never as SQL', async () => {
    const { db } = database;
    const echo = (text: string | null) =>
      executePrepared<{ text: string | null; n: number }>(
        db,
        'test_echo',
        sql`select ${text}::text as text, (select count(*)::int from carts) as n`,
      );
    const before = (await echo('x'))[0]!.n;
    for (const text of ["O'Brien", "'); delete from carts; --", 'back\\slash $1 $$', null]) {
      expect(await echo(text)).toEqual([{ text, n: before }]);
    }
  });

  it('refuses, on PGlite, a value it cannot write as a literal', async () => {
    if (database.kind !== 'pglite') return; // node-postgres sends values apart from the SQL
    await expect(
      executePrepared(database.db, 'test_date', sql`select ${new Date(0)}::timestamptz as t`),
    ).rejects.toThrow(/cannot write object as a literal/);
  });
});
