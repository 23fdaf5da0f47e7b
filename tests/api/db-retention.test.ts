import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Database } from '../../server/src/db/client';
import { createTestDatabase } from '../helpers/test-app';

// The database client keeps no answer once it is read (server/src/db/client.ts): pg's pooled
// connections each held the rows of the query they were opened for (8 MB of a server's memory
// was the listing index's start-up read).
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** Reads 2,000 rows and hands back only a weak reference to them. */
async function readRows(database: Database) {
  // Both drivers answer { rows }; the shared Db type leaves the answer's type open.
  const result = (await database.db.execute(
    sql`select repeat('x', 500) as filler from generate_series(1, 2000)`,
  )) as { rows: unknown[] };
  expect(result.rows).toHaveLength(2000);
  return new WeakRef(result.rows);
}

it('keeps no rows of the query that opened a connection, or of the next one', async () => {
  // A database of its own: its pool has no connection yet, so the first read opens one.
  const database = await createTestDatabase();
  try {
    const first = await readRows(database);
    const next = await readRows(database);
    // A collection can come while something of the read is still on its way out (a driver's
    // promise settling, a WeakRef kept to the end of its job): a few tries, each after a turn of
    // the event loop. Rows that are held stay held through all of them.
    for (let tries = 0; tries < 10 && (first.deref() || next.deref()); tries++) {
      await new Promise((r) => setTimeout(r, 20));
      gc();
    }
    expect(first.deref()).toBeUndefined();
    expect(next.deref()).toBeUndefined();
  } finally {
    await database.close();
  }
});
