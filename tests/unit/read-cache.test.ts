import { describe, expect, it } from 'vitest';
import { ReadCache } from '../../server/src/lib/read-cache';
import {
  BANNERS_KEY,
  createStorefrontCache,
  productKey,
  type StorefrontCache,
} from '../../server/src/modules/storefront/storefront-cache';

describe('ReadCache', () => {
  it('loads once and answers from memory after', async () => {
    const cache = new ReadCache();
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    expect(loads).toBe(1);
  });

  it('shares one load between concurrent readers', async () => {
    const cache = new ReadCache();
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((r) => setTimeout(r, 10));
      return 'v';
    };
    await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect(loads).toBe(1);
  });

  it('forgets everything on invalidate', async () => {
    const cache = new ReadCache();
    let value = 'old';
    await cache.get('k', async () => value);
    value = 'new';
    cache.invalidate();
    expect(await cache.get('k', async () => value)).toBe('new');
  });

  it('never keeps an answer whose load began before an invalidation', async () => {
    const cache = new ReadCache();
    let release: (v: string) => void = () => {};
    const slow = cache.get('k', () => new Promise<string>((r) => (release = r)));
    cache.invalidate();
    release('read before the write');
    expect(await slow).toBe('read before the write');
    expect(await cache.get('k', async () => 'read after the write')).toBe('read after the write');
  });

  it('does not cache failures', async () => {
    const cache = new ReadCache();
    await expect(
      cache.get('k', async () => Promise.reject(new Error('db down'))),
    ).rejects.toThrow();
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });

  it('evicts the least recently used entry past its bound', async () => {
    const cache = new ReadCache(2);
    await cache.get('a', async () => 1);
    await cache.get('b', async () => 2);
    await cache.get('a', async () => 1);
    await cache.get('c', async () => 3);
    let reloaded = false;
    await cache.get('b', async () => {
      reloaded = true;
      return 2;
    });
    expect(reloaded).toBe(true);
    expect(cache.size).toBe(2);
  });
});

describe('StorefrontCache', () => {
  // Read twice: the storefront keeps an answer on its second read.
  const a = productKey('a', 'reviews');
  const b = productKey('b', 'reviews');
  const fill = async (cache: StorefrontCache) => {
    for (const key of [a, b, 'list:{}', 'search:["tee"]', BANNERS_KEY]) {
      await cache.get(key, async () => key);
      await cache.get(key, async () => key);
    }
  };
  const keys = async (cache: StorefrontCache) => {
    const kept: string[] = [];
    for (const key of [a, b, 'list:{}', 'search:["tee"]', BANNERS_KEY]) {
      await cache
        .get(key, async () => {
          throw new Error('miss');
        })
        .then(
          () => kept.push(key),
          () => {},
        );
    }
    return kept;
  };

  it('drops the changed products, listings and searches, and keeps the rest', async () => {
    const cache = createStorefrontCache();
    await fill(cache);
    cache.productsChanged(['a']);
    expect(await keys(cache)).toEqual([b, BANNERS_KEY]);
  });

  it('drops every product page when it is not told which changed', async () => {
    const cache = createStorefrontCache();
    await fill(cache);
    cache.productsChanged();
    expect(await keys(cache)).toEqual([BANNERS_KEY]);
  });

  it('drops only the banners when a banner changes', async () => {
    const cache = createStorefrontCache();
    await fill(cache);
    cache.bannersChanged();
    expect(await keys(cache)).toEqual([a, b, 'list:{}', 'search:["tee"]']);
  });
});

describe('ReadCache admitting on a second read', () => {
  it('keeps an answer from its second read on', async () => {
    const cache = new ReadCache(10, Number.POSITIVE_INFINITY, { admitOnSecondRead: () => true });
    let loads = 0;
    const load = async () => `answer ${++loads}`;
    expect(await cache.get('k', load)).toBe('answer 1');
    expect(cache.size).toBe(0);
    expect(await cache.get('k', load)).toBe('answer 2');
    expect(await cache.get('k', load)).toBe('answer 2');
    expect(loads).toBe(2);
  });

  it.each([
    ['maxEntries', new ReadCache(2, Number.POSITIVE_INFINITY, { admitOnSecondRead: () => true })],
    [
      'secondReadWindow, when said',
      new ReadCache(10, Number.POSITIVE_INFINITY, {
        admitOnSecondRead: () => true,
        secondReadWindow: 2,
      }),
    ],
  ])('remembers only the last %s keys read once', async (_, cache) => {
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    await cache.get('a', async () => 'a');
    expect(cache.size).toBe(0);
    await cache.get('c', async () => 'c');
    expect(cache.size).toBe(1);
  });

  it('tells a load whether its answer is kept', async () => {
    const cache = new ReadCache(10, Number.POSITIVE_INFINITY, { admitOnSecondRead: () => true });
    const told: boolean[] = [];
    const load = async (kept: boolean) => {
      told.push(kept);
      return kept ? 'bytes' : 'string';
    };
    expect(await cache.get('k', load)).toBe('string');
    expect(await cache.get('k', load)).toBe('bytes');
    expect(await cache.get('k', load)).toBe('bytes');
    expect(told).toEqual([false, true]);
  });

  it('keeps the storefront’s search answers at once and its listings from a second read', async () => {
    const cache = createStorefrontCache();
    await cache.get('search:["tee"]', async () => 'found');
    await cache.get('list:{}', async () => 'listed');
    expect(cache.size).toBe(1);
    expect(await cache.get('search:["tee"]', async () => 'searched again')).toBe('found');
    await cache.get('list:{}', async () => 'listed');
    expect(cache.size).toBe(2);
    expect(await cache.get('list:{}', async () => 'listed again')).toBe('listed');
  });
});

describe('ReadCache memory bound', () => {
  it('evicts past its byte budget by a clock sweep: an answer read since it came is passed over once', async () => {
    const cache = new ReadCache(100, 25);
    await cache.get('a', async () => 'x'.repeat(10));
    await cache.get('b', async () => 'x'.repeat(10));
    await cache.get('a', async () => 'unused'); // a is read again
    await cache.get('c', async () => 'x'.repeat(10));
    // The sweep passed over a (now after c, its mark taken) and dropped b, never read again.
    expect(cache.byteSize).toBe(20);
    let reloaded = false;
    await cache.get('b', async () => {
      reloaded = true;
      return 'x'.repeat(10);
    });
    expect(reloaded).toBe(true);
    // Reloading b pushed out c, the oldest not read since it came (an LRU moving a on its read
    // would have had a older than c, and dropped a); a stays.
    expect(await cache.get('a', async () => 'reloaded')).toBe('x'.repeat(10));
    expect(await cache.get('c', async () => 'reloaded')).toBe('reloaded');
  });

  it('keeps a key read again and again while one-off keys pass through it', async () => {
    const cache = new ReadCache(3);
    let hotLoads = 0;
    const hot = () =>
      cache.get('home', async () => {
        hotLoads += 1;
        return 'page';
      });
    await hot();
    for (let i = 0; i < 100; i += 1) {
      await cache.get(`once-${i}`, async () => i);
      expect(await hot()).toBe('page');
    }
    expect(hotLoads).toBe(1);
    expect(cache.size).toBe(3);
    // Dropped, its mark goes with it: read once more after it came back, it is not passed over
    // on the strength of reads before it went.
    cache.invalidateWhere((key) => key === 'home');
    await hot();
    await cache.get('x', async () => 'x');
    await cache.get('y', async () => 'y');
    await cache.get('z', async () => 'z');
    await hot();
    expect(hotLoads).toBe(3);
  });

  it('gives back the bytes of what it drops', async () => {
    const cache = new ReadCache(100, 1000);
    await cache.get('product:a', async () => 'x'.repeat(100));
    await cache.get('list:a', async () => 'x'.repeat(50));
    cache.invalidateWhere((key) => key.startsWith('list:'));
    expect(cache.byteSize).toBe(100);
    cache.invalidate();
    expect(cache.byteSize).toBe(0);
  });

  it('counts byte answers (the cached JSON the storefront sends) by their size', async () => {
    const cache = new ReadCache(100, 25);
    await cache.get('a', async () => Buffer.alloc(10));
    await cache.get('b', async () => Buffer.from('é'.repeat(5)));
    expect(cache.byteSize).toBe(20);
    await cache.get('c', async () => Buffer.alloc(10));
    // Past 25 bytes: a, the least recently read, went.
    expect(cache.byteSize).toBe(20);
    expect((await cache.get('a', async () => Buffer.from('reloaded'))).toString()).toBe('reloaded');
  });

  it('keeps answers of every kind, undefined and null too, and reads each once', async () => {
    const cache = new ReadCache(10);
    const answers = { u: undefined, n: null, z: 0, e: '', f: false, o: { a: 1 } };
    let loads = 0;
    for (const _ of [1, 2, 3]) {
      for (const [key, answer] of Object.entries(answers)) {
        const load = async () => {
          loads += 1;
          return answer;
        };
        expect(await cache.get(key, load)).toBe(answer);
      }
    }
    expect(loads).toBe(6);
    expect(cache.size).toBe(6);
  });

  it('gives back, when an answer goes, the size it counted when it came', async () => {
    const pages = [{ room: 300 }, { room: 500 }, { room: 700 }];
    const cache = new ReadCache(10, 1000, { sizeOf: (page) => (page as { room: number }).room });
    for (const [i, page] of pages.entries()) await cache.get(`p${i}`, async () => page);
    // 1,500 past 1,000: p0 and then p1 went, the oldest first.
    expect(cache.byteSize).toBe(700);
    expect(cache.has('p0') || cache.has('p1')).toBe(false);
    let finish!: (page: { room: number }) => void;
    const reading = cache.get('p3', () => new Promise((resolve) => (finish = resolve)));
    // A read under way counts nothing, and dropping it gives back nothing.
    expect(cache.byteSize).toBe(700);
    cache.invalidateWhere((key) => key === 'p3');
    finish({ room: 900 });
    await reading;
    expect(cache.byteSize).toBe(700);
    cache.invalidate();
    expect(cache.byteSize).toBe(0);
  });

  it('runs a thenable load once (a Drizzle query builder would query on every await)', async () => {
    const cache = new ReadCache(10);
    let runs = 0;
    const builder = {
      // biome-ignore lint/suspicious/noThenProperty: a query builder is exactly such a thenable
      then(resolve: (rows: string[]) => void) {
        runs += 1;
        resolve(['row']);
      },
    };
    const load = () => builder as unknown as Promise<string[]>;
    expect(await cache.get('rates', load)).toEqual(['row']);
    expect(await cache.get('rates', load)).toEqual(['row']);
    expect(await cache.get('rates', load)).toEqual(['row']);
    expect(runs).toBe(1);
  });
});
