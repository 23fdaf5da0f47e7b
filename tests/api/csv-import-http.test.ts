import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../server/src/db/schema';
import { productsCsv } from '../factories/csv';
import { uploadImage } from '../factories/images';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

// The CSV import over a real socket, as a browser's FormData sends it: the body arrives in a
// real client's chunks (where the images' size limit once slipped, issue 9), not in one piece
// as app.inject hands it over.
let t: TestApp;
let admin: TestUser;
let imageName: string;
let base: string;

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shop-csv-http-')) });
  admin = await makeUser(t, { role: 'admin' });
  imageName = (await uploadImage(t, admin)).split('/').pop()!;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

const productCount = async () => (await t.db.select({ n: count() }).from(products))[0]!.n;
const bySku = async (sku: string) =>
  (await t.db.select().from(products).where(eq(products.sku, sku)))[0];

const row = (sku: string, extra: Record<string, string | number> = {}) => ({
  'product sku': sku,
  title: `Posted ${sku}`,
  description: 'Sent as multipart over HTTP',
  category: 'men',
  brand: 'nike',
  price: '24.50',
  image: imageName,
  stock: 3,
  ...extra,
});

function formWith(...files: Array<[data: Buffer, name: string, type: string]>) {
  const form = new FormData();
  for (const [data, name, type] of files) {
    form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  }
  return form;
}

async function post(form: FormData, { dryRun = false, who = admin as TestUser | null } = {}) {
  const res = await fetch(`${base}/api/admin/import/products?dryRun=${dryRun}`, {
    method: 'POST',
    body: form,
    headers: { origin: TEST_ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('the products import over real HTTP', () => {
  it('checks a file in a dry run, then imports it', async () => {
    const before = await productCount();
    const file = productsCsv([
      row('HTTP-1', { 'variant sku': 'HTTP-1-S', size: 'S', stock: 2 }),
      row('HTTP-1', { 'variant sku': 'HTTP-1-M', size: 'M', stock: 5 }),
      row('HTTP-2'),
    ]);
    const dry = await post(formWith([file, 'products.csv', 'text/csv']), { dryRun: true });
    expect(dry).toEqual({
      status: 200,
      body: { success: true, dryRun: true, created: 2, updated: 0, errors: [] },
    });
    expect(await productCount()).toBe(before);

    const real = await post(formWith([file, 'products.csv', 'text/csv']));
    expect(real.status).toBe(200);
    expect(real.body).toMatchObject({ success: true, created: 2, updated: 0, errors: [] });
    expect(await productCount()).toBe(before + 2);
    const one = await t.app.services.catalog.getProduct((await bySku('HTTP-1'))!.id);
    expect(one.title).toBe('Posted HTTP-1');
    expect(one.price).toBe(24.5);
    expect(one.variants.map((v) => [v.sku, v.totalStock])).toEqual([
      ['HTTP-1-S', 2],
      ['HTTP-1-M', 5],
    ]);
  });

  it('refuses a file with a bad row with 400, naming its line and column, and imports none of it', async () => {
    const before = await productCount();
    const file = productsCsv([row('HTTP-BAD-1'), row('HTTP-BAD-2', { price: 'abc' })]);
    const res = await post(formWith([file, 'products.csv', 'text/csv']));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      code: 'INVALID_INPUT',
      errors: [{ line: 3, column: 'price', message: 'must be a number' }],
    });
    expect(await productCount()).toBe(before);
    expect(await bySku('HTTP-BAD-1')).toBeUndefined();
  });

  it('refuses a file that is no CSV (415), one over 20 MB (413) and two files (400), changing nothing', async () => {
    const before = await productCount();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const notCsv = await post(formWith([png, 'products.png', 'image/png']));
    expect(notCsv.status).toBe(415);
    expect(notCsv.body).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });

    // A clean file padded past the limit: a read cut off at 20 MB would import its rows.
    const rows = productsCsv([row('HTTP-BIG-1')]);
    const big = Buffer.concat([rows, Buffer.alloc(21 * 1024 * 1024 - rows.length, '\n')]);
    const tooBig = await post(formWith([big, 'products.csv', 'text/csv']));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });

    // Answered 500 until the route's 400 schema took a plain error as well as bad rows.
    const file = productsCsv([row('HTTP-TWO-1')]);
    const two = await post(
      formWith([file, 'products.csv', 'text/csv'], [file, 'more.csv', 'text/csv']),
    );
    expect(two.status).toBe(400);
    expect(two.body).toMatchObject({ success: false, code: 'INVALID_INPUT' });

    expect(await productCount()).toBe(before);
    expect(await bySku('HTTP-BIG-1')).toBeUndefined();
    expect(await bySku('HTTP-TWO-1')).toBeUndefined();
  });

  it('refuses an upload signed out (401) before reading it', async () => {
    const file = productsCsv([row('HTTP-ANON-1')]);
    const res = await post(formWith([file, 'products.csv', 'text/csv']), { who: null });
    expect(res.status).toBe(401);
    expect(await bySku('HTTP-ANON-1')).toBeUndefined();
  });
});
