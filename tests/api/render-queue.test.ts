import { rmSync } from 'node:fs';
import type { PageRenderer } from '@contract/page-render';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app';
import { makeWebRoot } from '../helpers/web-root';

// Server rendering under load (page-shell/web-shell.ts, lib/turn-queue.ts): four pages render at
// once in arrival order, a page that waits too long is drawn by the browser, and a render
// lets the event loop read other requests between its reads.
let webRoot: string;
beforeAll(() => {
  webRoot = makeWebRoot();
});
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

describe('rendering pages under load', () => {
  /** An app whose renderer holds every page until `release()`, counting renders at once. */
  async function busyShop() {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const seen = { running: 0, most: 0, order: [] as string[] };
    const renderer: PageRenderer = {
      render: async ({ url }) => {
        seen.running += 1;
        seen.most = Math.max(seen.most, seen.running);
        seen.order.push(url);
        await gate;
        seen.running -= 1;
        return {
          kind: 'page',
          status: 200,
          body: `<main>Rendered ${url}</main>`,
          head: '',
          preload: '',
          state: {},
        };
      },
    };
    const app = await createTestApp({ PUBLIC_STOREFRONT: 'true' }, { webRoot, renderer });
    /** `count` page loads, each a little after the one before, so they queue in that order. */
    const load = async (count: number) => {
      const answers = [];
      for (let i = 1; i <= count; i += 1) {
        answers.push(app.app.inject({ method: 'GET', url: `/shop/listing?page=${i}` }));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return answers;
    };
    return { app, seen, load, release };
  }

  it('renders four pages at once, the others in the order they came', async () => {
    const shop = await busyShop();
    try {
      const answers = await shop.load(6);
      expect(shop.seen.running).toBe(4);
      shop.release();
      const pages = await Promise.all(answers);
      expect(shop.seen.most).toBe(4);
      expect(shop.seen.order).toEqual([1, 2, 3, 4, 5, 6].map((n) => `/shop/listing?page=${n}`));
      for (const [i, res] of pages.entries()) {
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain(`<main>Rendered /shop/listing?page=${i + 1}</main>`);
      }
    } finally {
      shop.release();
      await shop.app.close();
    }
  });

  it('sends a page that waited a second for its turn to be drawn by the browser', async () => {
    const shop = await busyShop();
    try {
      const answers = await shop.load(6);
      const late = await Promise.all(answers.slice(4));
      for (const res of late) {
        expect(res.statusCode).toBe(200);
        // The shell: nothing rendered, no page data; the browser draws the page.
        expect(res.body).toContain('<div id="root"></div>');
        expect(res.body).not.toContain('id="page-state"');
        expect(res.body).not.toContain('Rendered');
      }
      shop.release();
      const first = await Promise.all(answers.slice(0, 4));
      expect(first.every((res) => res.body.includes('<main>Rendered'))).toBe(true);
      expect(shop.seen.order).toHaveLength(4);
    } finally {
      shop.release();
      await shop.app.close();
    }
  });

  it('lets the event loop read sockets between a rendering page’s reads', async () => {
    // On PGlite a read is promise callbacks only: a render going read to read would hold the
    // loop, and no other request could even be read meanwhile.
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns += 1;
      if (ticking) setImmediate(tick);
    };
    const renderer: PageRenderer = {
      render: async ({ api }) => {
        turns = 0;
        setImmediate(tick);
        for (let i = 0; i < 20; i += 1) await api('/api/shop/products/get?limit=1');
        ticking = false;
        return {
          kind: 'page',
          status: 200,
          body: `<main>${turns}</main>`,
          head: '',
          preload: '',
          state: {},
        };
      },
    };
    const app = await createTestApp({ PUBLIC_STOREFRONT: 'true' }, { webRoot, renderer });
    try {
      const res = await app.app.inject({ method: 'GET', url: '/shop/home' });
      const turnsDuringRender = Number(/<main>(\d+)<\/main>/.exec(res.body)?.[1]);
      expect(turnsDuringRender).toBeGreaterThanOrEqual(20);
    } finally {
      await app.close();
    }
  });
});
