import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keepAsBrotli } from '../../server/src/lib/cached-json';
import { createStorefrontCache } from '../../server/src/modules/storefront/storefront-cache';
import { type SharedPage, SharedPages } from '../../server/src/page-shell/shared-pages';

const opened: { pages: SharedPages; dir: string }[] = [];
function sharedPages() {
  const dir = mkdtempSync(path.join(tmpdir(), 'shared-pages-'));
  const storefront = createStorefrontCache();
  const pages = new SharedPages(storefront, 1, [dir]);
  opened.push({ pages, dir });
  return { pages, storefront };
}
afterEach(() => {
  for (const { pages, dir } of opened.splice(0)) {
    pages.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A renderer that counts its renders and draws `html()` each time. */
function renderer(html: () => string) {
  const calls = { count: 0 };
  const render = async (): Promise<SharedPage> => {
    calls.count += 1;
    return { status: 200, kept: keepAsBrotli(Buffer.from(html())) };
  };
  return { render, calls };
}
const plain = async (page: SharedPage | null) =>
  page && (await import('node:zlib')).brotliDecompressSync(page.kept.br).toString();

describe('SharedPages, kept in a file', () => {
  it('renders a page once and sends the same bytes and tag from the file after', async () => {
    const { pages } = sharedPages();
    const { render, calls } = renderer(() => '<p>Linen shirt, 49.00</p>');
    const first = await pages.get('/shop/product/p1', render);
    const again = await pages.get('/shop/product/p1', render);
    const third = await pages.get('/shop/product/p1', render);
    expect(calls.count).toBe(1);
    expect(again?.kept.br).toEqual(first?.kept.br);
    expect(third?.kept.etag).toBe(first?.kept.etag);
    expect(await plain(third)).toBe('<p>Linen shirt, 49.00</p>');
  });

  it("drops a changed product's page: the next request renders what it shows now", async () => {
    const { pages, storefront } = sharedPages();
    let price = '49.00';
    const { render, calls } = renderer(() => `<p>Linen shirt, ${price}</p>`);
    await pages.get('/shop/product/p1', render);
    await pages.get('/shop/product/p2', renderer(() => '<p>Other</p>').render);
    price = '39.00';
    storefront.productsChanged(['p1']);
    expect(await plain(await pages.get('/shop/product/p1', render))).toBe(
      '<p>Linen shirt, 39.00</p>',
    );
    expect(calls.count).toBe(2);
    // Another product's page kept its place and bytes.
    expect(await plain(await pages.get('/shop/product/p2', render))).toBe('<p>Other</p>');
  });

  it("drops a product's page under every address it is read at, and no other product's", async () => {
    const { pages, storefront } = sharedPages();
    let price = '49.00';
    const { render, calls } = renderer(() => `<p>Linen shirt, ${price}</p>`);
    const other = renderer(() => '<p>Other</p>');
    const addresses = ['/shop/product/ab1', '/shop/product/AB1', '/shop/product/%61b1'];
    for (const url of addresses) await pages.get(url, render);
    await pages.get('/shop/product/ab2', other.render);
    for (const url of addresses) expect(pages.has(url)).toBe(true);
    price = '39.00';
    storefront.productsChanged(['ab1']);
    for (const url of addresses) {
      expect(pages.has(url)).toBe(false);
      expect(await plain(await pages.get(url, render))).toBe('<p>Linen shirt, 39.00</p>');
    }
    expect(calls.count).toBe(6);
    expect(pages.has('/shop/product/ab2')).toBe(true);
    expect(other.calls.count).toBe(1);
  });

  it('a request that found the page before a change drops it sends what the page is now', async () => {
    const { pages, storefront } = sharedPages();
    let n = 0;
    const { render } = renderer(() => `<p>page ${++n} ${'x'.repeat(3000)}</p>`);
    await pages.get('/shop/product/p1', render);
    // Looked up, its read not yet begun, when the change comes.
    const reading = pages.get('/shop/product/p1', render);
    storefront.productsChanged(['p1']);
    const next = pages.get('/shop/product/p1', render);
    const [a, b] = await Promise.all([reading, next]);
    expect((await plain(a))?.startsWith('<p>page 1 ')).toBe(false);
    expect((await plain(b))?.startsWith('<p>page 1 ')).toBe(false);
    expect(n).toBe(3);
  });

  it('answers the page it rendered when the file cannot take it, and keeps nothing', async () => {
    const { pages } = sharedPages();
    const { render, calls } = renderer(() => '<p>Wool scarf</p>');
    // 1 MB of room: a page of 3 MB does not fit.
    const huge = renderer(() => 'y'.repeat(3_000_000));
    for (const _ of [1, 2]) {
      const page = await pages.get('/shop/product/big', async () => {
        const p = await huge.render();
        return { ...p, kept: { ...p.kept, br: Buffer.alloc(3_000_000) } };
      });
      expect(page?.kept.br.byteLength).toBe(3_000_000);
    }
    expect(huge.calls.count).toBe(2);
    expect(await plain(await pages.get('/shop/home', render))).toBe('<p>Wool scarf</p>');
    expect(calls.count).toBe(1);
  });
});
