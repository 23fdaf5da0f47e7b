import { describe, expect, it } from 'vitest';
import { readingAhead } from '../../server/src/lib/read-ahead';
import { ReadCache } from '../../server/src/lib/read-cache';
import {
  BANNERS_KEY,
  createStorefrontCache,
  productKey,
} from '../../server/src/modules/storefront/storefront-cache';

// ReadCache's groups (a product's answers dropped together) and its reads ahead of demand;
// read-cache.test.ts has the rest of it.
describe('ReadCache groups and reads ahead', () => {
  const byPrefix = (key: string) => key.slice(0, key.indexOf(':'));

  it('drops whole groups, keeps the others, and gives back their bytes', async () => {
    const cache = new ReadCache(100, 1000, { groupOf: byPrefix });
    for (const key of ['a:1', 'a:2', 'b:1', 'c:1'])
      await cache.get(key, async () => 'x'.repeat(10));
    cache.invalidateGroups(['a', 'c', 'missing']);
    expect(cache.size).toBe(1);
    expect(cache.byteSize).toBe(10);
    expect(await cache.get('b:1', async () => 'reloaded')).toBe('x'.repeat(10));
    expect(await cache.get('a:1', async () => 'reloaded')).toBe('reloaded');
  });

  it('forgets an evicted or invalidated key from its group', async () => {
    const cache = new ReadCache(2, Number.POSITIVE_INFINITY, { groupOf: byPrefix });
    await cache.get('a:1', async () => 'first');
    await cache.get('b:1', async () => 'b');
    await cache.get('b:2', async () => 'b'); // pushes a:1 out
    await cache.get('a:1', async () => 'second'); // pushes b:1 out
    cache.invalidateGroups(['b']);
    expect(cache.size).toBe(1);
    expect(await cache.get('a:1', async () => 'third')).toBe('second');
  });

  it('drops a group of one key, of several, and of one left after others went', async () => {
    const cache = new ReadCache(3, Number.POSITIVE_INFINITY, { groupOf: byPrefix });
    const read = (key: string) => cache.get(key, async () => key);
    await read('a:1');
    cache.invalidateGroups(['a']);
    expect(cache.size).toBe(0);
    for (const key of ['a:1', 'a:2', 'b:1']) await read(key);
    await read('c:1'); // pushes a:1 out: a keeps a:2 only
    cache.invalidateGroups(['a']);
    expect([cache.has('a:2'), cache.has('b:1'), cache.has('c:1')]).toEqual([false, true, true]);
    await read('a:1');
    await read('a:1');
    cache.invalidateGroups(['b', 'c']);
    expect(cache.size).toBe(1);
    cache.invalidateGroups(['a']);
    expect(cache.size).toBe(0);
  });

  it('answers a read ahead from what it holds, and keeps nothing the read ahead loads', async () => {
    const cache = new ReadCache(10);
    await cache.get('held', async () => 'held');
    await readingAhead(async () => {
      expect(await cache.get('held', async () => 'loaded')).toBe('held');
      expect(await cache.get('new', async () => 'loaded ahead')).toBe('loaded ahead');
    });
    expect(cache.size).toBe(1);
    expect(await cache.get('new', async () => 'loaded for a shopper')).toBe('loaded for a shopper');
    // A cache kept for what is read ahead keeps it.
    const pages = new ReadCache(10, Number.POSITIVE_INFINITY, { keepsReadsAhead: true });
    await readingAhead(() => pages.get('page', async () => 'rendered'));
    expect(pages.size).toBe(1);
  });

  it('files the storefront’s answers by product, so a product change touches only its own', async () => {
    const cache = createStorefrontCache();
    const read = (key: string) => cache.get(key, async () => key);
    for (const key of [productKey('a', 'reviews'), productKey('b', 'reviews'), BANNERS_KEY]) {
      await read(key);
    }
    await read('search:["tee"]');
    await read(productKey('A', 'summary'));
    cache.productsChanged(['a']);
    expect(cache.has(productKey('a', 'reviews'))).toBe(false);
    // Asked for by an upper-case id, dropped with the id the database names.
    expect(cache.has(productKey('A', 'summary'))).toBe(false);
    expect(cache.has('search:["tee"]')).toBe(false);
    expect(cache.has(productKey('b', 'reviews'))).toBe(true);
    expect(cache.has(BANNERS_KEY)).toBe(true);
  });
});
