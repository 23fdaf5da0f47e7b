import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { PageWarmer } from '../../server/src/page-shell/page-warmer';

const ids = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i}` }));

function warmerOver(products: { id: string }[], room = () => true, renderMs = 0) {
  const rendered: string[] = [];
  const server = new EventEmitter();
  const warmer = new PageWarmer({
    productIds: async ({ limit, offset }) => products.slice(offset, offset + limit),
    warm: async (url) => {
      // A render holds the main thread, as React's does.
      for (const until = performance.now() + renderMs; performance.now() < until; );
      rendered.push(url);
    },
    hasRoom: room,
    log: pino({ level: 'silent' }),
  });
  warmer.watch(server as unknown as Server);
  /** A request arriving on the socket; answered when the returned function is called. */
  const request = () => {
    const response = new EventEmitter();
    server.emit('request', {}, response);
    return () => response.emit('close');
  };
  return { warmer, rendered, request };
}

describe('rendering pages ahead', () => {
  it('renders home, the listing and every product once, in the sitemap order, across slices', async () => {
    const { warmer, rendered } = warmerOver(ids(1203));
    warmer.start();
    await expect.poll(() => rendered.length, { timeout: 10_000 }).toBe(1205);
    expect(rendered.slice(0, 3)).toEqual(['/shop/home', '/shop/listing', '/shop/product/p0']);
    expect(rendered.at(-1)).toBe('/shop/product/p1202');
    expect(new Set(rendered).size).toBe(1205);
    await warmer.stop();
  });

  it('while requests are in flight renders at a tenth of the time, and back to back once they are answered', async () => {
    const { warmer, rendered, request } = warmerOver(ids(40), () => true, 20);
    const answer = request();
    const started = performance.now();
    warmer.start();
    // 20 ms renders, each followed by 180 ms of pause: at most 3 in 500 ms, slower machines fewer.
    await expect.poll(() => rendered.length, { timeout: 2000 }).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 500 - (performance.now() - started)));
    expect(rendered.length).toBeLessThanOrEqual(3);
    answer();
    await expect.poll(() => rendered.length, { timeout: 5000 }).toBe(42);
    await warmer.stop();
  });

  it('stops when the kept pages have no more room, and renders a changed product again', async () => {
    let room = 3;
    const { warmer, rendered } = warmerOver(ids(10), () => room-- > 0);
    warmer.start();
    await expect.poll(() => rendered.length).toBe(3);
    await new Promise((r) => setTimeout(r, 100));
    expect(rendered).toHaveLength(3);
    room = 100;
    warmer.productsChanged(['p7']);
    await expect
      .poll(() => rendered.slice(3))
      .toEqual(['/shop/home', '/shop/listing', '/shop/product/p7']);
    await warmer.stop();
  });

  it('renders a change heard twice, or a burst of changes, once', async () => {
    const { warmer, rendered } = warmerOver(ids(3));
    warmer.start();
    await expect.poll(() => rendered.length).toBe(5);
    warmer.productsChanged(['p1']);
    await new Promise((r) => setTimeout(r, 20));
    warmer.productsChanged(['p1']);
    warmer.productsChanged(['p2']);
    await new Promise((r) => setTimeout(r, 600));
    expect(rendered.slice(5)).toEqual([
      '/shop/home',
      '/shop/listing',
      '/shop/product/p1',
      '/shop/product/p2',
    ]);
    await warmer.stop();
  });

  it('renders nothing more once stopped', async () => {
    const { warmer, rendered, request } = warmerOver(ids(50));
    const answer = request();
    warmer.start();
    const stopped = warmer.stop();
    answer();
    await stopped;
    await new Promise((r) => setTimeout(r, 100));
    expect(rendered).toEqual([]);
  });
});
