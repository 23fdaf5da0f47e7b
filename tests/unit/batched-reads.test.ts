import { describe, expect, it } from 'vitest';
import { batchedReads } from '../../server/src/lib/batched-reads';

type Item = { id: string; name: string };

/** A loader that records each query's ids and answers the ids it knows, in its own order. */
function database(known: string[]) {
  const queries: string[][] = [];
  const load = async (ids: string[]) => {
    queries.push(ids);
    return known.filter((id) => ids.includes(id)).map((id) => ({ id, name: `item ${id}` }));
  };
  return { queries, load };
}

describe('batchedReads', () => {
  it('sends the reads of one turn as one query and answers each caller its own items', async () => {
    const db = database(['a', 'b', 'c', 'd']);
    const read = batchedReads<Item>(db.load, (item) => item.id);
    const [first, second, third] = await Promise.all([
      read(['c', 'a']),
      read(['b', 'x']),
      read(['a']),
    ]);
    expect(db.queries).toEqual([['c', 'a', 'b', 'x']]);
    expect(first.map((i) => i.id)).toEqual(['c', 'a']);
    expect(second.map((i) => i.id)).toEqual(['b']);
    expect(third.map((i) => i.name)).toEqual(['item a']);
  });

  it('starts a new query for reads of a later turn', async () => {
    const db = database(['a', 'b']);
    const read = batchedReads<Item>(db.load, (item) => item.id);
    await read(['a']);
    await read(['b']);
    expect(db.queries).toEqual([['a'], ['b']]);
  });

  it('a read asked while a query is under way waits for the next query, not for stale rows', async () => {
    let release: () => void = () => {};
    const queries: string[][] = [];
    const read = batchedReads<Item>(
      async (ids) => {
        const n = queries.push(ids);
        if (n === 1) await new Promise<void>((r) => (release = r));
        return ids.map((id) => ({ id, name: `${id} from query ${n}` }));
      },
      (item) => item.id,
    );
    const early = read(['a']);
    await new Promise((r) => setImmediate(r));
    expect(queries).toEqual([['a']]);
    const late = read(['a']);
    await new Promise((r) => setImmediate(r));
    expect(queries).toEqual([['a'], ['a']]);
    release();
    expect((await early)[0]?.name).toBe('a from query 1');
    expect((await late)[0]?.name).toBe('a from query 2');
  });

  it('splits a turn’s reads into queries of at most maxIds ids', async () => {
    const db = database(['a', 'b', 'c', 'd', 'e']);
    const read = batchedReads<Item>(db.load, (item) => item.id, 3);
    const answers = await Promise.all([read(['a', 'b']), read(['c', 'd']), read(['e'])]);
    expect(db.queries).toEqual([
      ['a', 'b'],
      ['c', 'd', 'e'],
    ]);
    expect(answers.map((items) => items.map((i) => i.id))).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('fails every caller of a failed query, and the next turn queries again', async () => {
    let fail = true;
    const read = batchedReads<Item>(
      async (ids) => {
        if (fail) throw new Error('database down');
        return ids.map((id) => ({ id, name: id }));
      },
      (item) => item.id,
    );
    const results = await Promise.allSettled([read(['a']), read(['b'])]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await read(['a'])).toEqual([{ id: 'a', name: 'a' }]);
  });

  it('answers an empty read without a query', async () => {
    const db = database(['a']);
    const read = batchedReads<Item>(db.load, (item) => item.id);
    expect(await read([])).toEqual([]);
    expect(db.queries).toEqual([]);
  });
});
