import type { AddressInfo } from 'node:net';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../server/src/db/schema';
import {
  brotliParams,
  encodedAnswer,
  etagOf,
  preferredEncoding,
} from '../../server/src/lib/cached-json';
import { makeProduct } from '../factories/products';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { eventually } from '../helpers/wait';

// Cached storefront answers go out compressed the way the browser asks, from a compressed
// form made once per answer rather than per request.
let t: TestApp;
let base: string;
const listing = '/api/shop/products/get?category=women&sortBy=price-lowtohigh&limit=24';

beforeAll(async () => {
  t = await createTestApp();
  for (let i = 0; i < 12; i += 1) {
    await makeProduct(t, {
      title: `Compressed Dress ${i}`,
      category: 'women',
      description: 'A long description a listing carries, so the answer is well over 1 KB.',
    });
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t.close());

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('compressed storefront answers', () => {
  it('compresses an answer made for one request as the kept ones are (brotli quality 2)', async () => {
    // A listing's first read is composed for it, not kept: @fastify/compress sends it.
    const br = await get('/api/shop/products/get?category=women&sortBy=title-ztoa', 'br');
    expect(br.headers['content-encoding']).toBe('br');
    const body = brotliDecompressSync(br.rawPayload);
    expect(JSON.parse(body.toString()).data).toHaveLength(12);
    // Brotli's output is fixed by its input and parameters: quality 4 makes other bytes.
    const q2 = brotliCompressSync(body, { params: brotliParams });
    expect(Buffer.compare(br.rawPayload, q2)).toBe(0);
  });

  it('sends a cached listing as brotli or gzip by the Accept-Encoding, the same JSON inside', async () => {
    const plain = await get(listing);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.rawPayload.byteLength).toBeGreaterThan(1024);
    expect(plain.json().data).toHaveLength(12);

    const br = await get(listing, 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gzip = await get(listing, 'gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);

    // Asked again: the very same bytes (one compressed form kept with the cached answer).
    const again = await get(listing, 'br');
    expect(Buffer.compare(again.rawPayload, br.rawPayload)).toBe(0);
  });

  it('sends the answer as it is to a client that takes no compression', async () => {
    for (const header of ['identity', 'br;q=0, gzip;q=0', 'compress']) {
      const res = await get(listing, header);
      expect(res.headers['content-encoding'], header).toBeUndefined();
      expect(res.json().data, header).toHaveLength(12);
    }
  });

  it('compresses search answers too, and a real HTTP client reads them', async () => {
    const res = await fetch(`${base}/api/shop/search/Compressed`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    const body = (await res.json()) as { data: { title: string }[] };
    expect(body.data.map((p) => p.title)).toContain('Compressed Dress 3');
  });

  it('compresses a product page once, and anew after the product changes', async () => {
    const product = await makeProduct(t, {
      title: 'Compressed Coat',
      description: 'Warm. '.repeat(300),
      price: 80,
    });
    const url = `/api/shop/products/get/${product._id}`;
    const first = await get(url, 'br');
    expect(first.headers['content-encoding']).toBe('br');
    const data = () => JSON.parse(brotliDecompressSync(first.rawPayload).toString()).data;
    expect(data()).toMatchObject({ title: 'Compressed Coat', price: 80 });
    const again = await get(url, 'br');
    expect(Buffer.compare(again.rawPayload, first.rawPayload)).toBe(0);
    // One answer kept with the product's entry (in the products' file), with its brotli form
    // and tag: read back, the same bytes, sent in the form kept, not compressed again.
    const { productJson } = t.app.services;
    const kept = (await productJson.answer(product._id))!;
    const readBack = (await productJson.forms(product._id))!;
    expect(readBack.body).not.toBe(kept);
    expect(Buffer.compare(readBack.body, kept)).toBe(0);
    expect(Buffer.compare(readBack.br()!, first.rawPayload)).toBe(0);
    expect(readBack.etag).toBe(first.headers.etag);
    expect(etagOf(readBack.body)).toBe(readBack.etag);
    // The product's entry goes with the change, and its compressed answer with it.
    await t.db.update(products).set({ priceCents: 7000 }).where(eq(products.id, product._id));
    const repriced = async () => {
      const res = await get(url, 'br');
      return JSON.parse(brotliDecompressSync(res.rawPayload).toString()).data.price === 70;
    };
    expect(await eventually(repriced)).toBe(true);
    expect(Buffer.compare((await productJson.answer(product._id))!, kept)).not.toBe(0);
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().data.price).toBe(70);
  });

  it('keeps one compressed form per answer and encoding', () => {
    const json = Buffer.from(JSON.stringify({ data: 'x'.repeat(4000) }));
    const first = encodedAnswer(json, 'br');
    expect(encodedAnswer(json, 'br')).toBe(first);
    expect(encodedAnswer(json, 'gzip')).not.toBe(first);
    expect(encodedAnswer(json, 'gzip')).toBe(encodedAnswer(json, 'gzip'));
    // Another answer with the same text is another entry, not a stale form.
    expect(encodedAnswer(Buffer.from(json), 'br')).not.toBe(first);
  });

  it('negotiates as @fastify/compress does', () => {
    expect(preferredEncoding(undefined)).toBeUndefined();
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(preferredEncoding('*')).toBe('gzip');
    expect(preferredEncoding('x-gzip')).toBe('gzip');
    expect(preferredEncoding('deflate')).toBeUndefined();
    expect(preferredEncoding('identity, br;q=0.1')).toBeUndefined();
  });
});
