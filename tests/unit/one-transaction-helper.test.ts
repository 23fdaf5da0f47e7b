import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// transact (server/src/db/transaction.ts) is the one way the server opens a transaction: it
// bounds lock waits and runs a deadlock again. A direct `.transaction(` elsewhere is a
// savepoint inside a caller's transact, and only the sites listed here, each with its reason.

const root = path.resolve(import.meta.dirname, '../..');
const HELPER = 'server/src/db/transaction.ts';
const CALL = /\.transaction\s*\(/g;

/** The savepoints: file, how many `.transaction(` it holds, and why each is not a transaction. */
const SAVEPOINTS: Record<string, { count: number; reason: string }> = {
  'server/src/modules/orders/undo-unless.ts': {
    count: 1,
    reason: 'undoUnless runs work in a savepoint of its caller, kept or rolled back',
  },
  'server/src/modules/orders/order-payments.repository.ts': {
    count: 2,
    reason:
      "inOrderTurn and cancelReplaceablePending run in the caller's transaction (payment-settlement, place-order)",
  },
};

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Each server file with a direct `.transaction(` call, and how many it holds. */
function directCalls(files: { file: string; text: string }[]) {
  const found: Record<string, number> = {};
  for (const { file, text } of files) {
    const count = text.match(CALL)?.length ?? 0;
    if (count > 0 && file !== HELPER) found[file] = count;
  }
  return found;
}

const server = () =>
  sources('server/src').map((file) => ({
    file,
    text: readFileSync(path.join(root, file), 'utf8'),
  }));
const allowed = () =>
  Object.fromEntries(Object.entries(SAVEPOINTS).map(([file, { count }]) => [file, count]));

describe('one transaction helper', () => {
  it('opens no transaction outside transact but the listed savepoints', () => {
    expect(directCalls(server())).toEqual(allowed());
  });

  it('fails on a new direct call', () => {
    const stray = { file: 'server/src/modules/cart/stray.ts', text: 'db.transaction (work);' };
    expect(directCalls([...server(), stray])).toEqual({ ...allowed(), [stray.file]: 1 });
  });
});
