import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { products } from '../../server/src/db/schema';
import { makeProduct } from '../factories/products';
import { makeUser } from '../factories/users';
import { asOwnPages, createTestApp, type TestApp } from '../helpers/test-app';

// The storefront's reads are cached; these prove the cache never shows a change late.
let t: TestApp;
let other: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  t = await createTestApp();
  // A second instance on the same database: its writes reach the first only by NOTIFY.
  other = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    database: t.database,
    sessionSecret: randomBytes(32).toString('hex'),
    webRoot: '/nonexistent',
  });
  await other.ready();
  asOwnPages(other);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const detail = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/shop/products/get/${id}` })).json().data;

async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 50; i += 1) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

describe('storefront read cache', () => {
  it('answers repeated reads from memory', async () => {
    const product = await makeProduct(t, { title: 'Cached Tee' });
    expect((await detail(product._id)).title).toBe('Cached Tee');
    // A change that bypasses everything but the database trigger is still seen.
    await t.db.update(products).set({ title: 'Renamed Tee' }).where(eq(products.id, product._id));
    expect(await eventually(async () => (await detail(product._id)).title === 'Renamed Tee')).toBe(
      true,
    );
  });

  it('shows an admin edit in the very next read of this instance', async () => {
    const admin = await makeUser(t, { role: 'admin' });
    const product = await makeProduct(t, { price: 50, totalStock: 5 });
    await detail(product._id);
    const listingUrl = '/api/shop/products/get?category=men&sortBy=price-lowtohigh&limit=100';
    await t.app.inject({ method: 'GET', url: listingUrl });
    const { _id, ...fields } = product;
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/edit/${_id}`,
      headers: { cookie: admin.cookie },
      payload: { ...fields, salePrice: 30, totalStock: 0 },
    });
    expect(edit.statusCode).toBe(200);
    expect(await detail(_id)).toMatchObject({ salePrice: 30, totalStock: 0 });
    const listing = (await t.app.inject({ method: 'GET', url: listingUrl })).json().data;
    expect(listing.find((p: { _id: string }) => p._id === _id)).toMatchObject({ salePrice: 30 });
  });

  it('drops what another instance changed', async () => {
    const admin = await makeUser({ ...t, app: other }, { role: 'admin' });
    const product = await makeProduct(t, { title: 'Before', totalStock: 3 });
    expect((await detail(product._id)).title).toBe('Before');
    const { _id, ...fields } = product;
    const edit = await other.inject({
      method: 'PUT',
      url: `/api/admin/products/edit/${_id}`,
      headers: { cookie: admin.cookie },
      payload: { ...fields, title: 'After' },
    });
    expect(edit.statusCode).toBe(200);
    expect(await eventually(async () => (await detail(_id)).title === 'After')).toBe(true);
  });

  it('sees a deleted product gone at once', async () => {
    const admin = await makeUser(t, { role: 'admin' });
    const product = await makeProduct(t);
    await detail(product._id);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/products/delete/${product._id}`,
      headers: { cookie: admin.cookie },
    });
    const res = await t.app.inject({ method: 'GET', url: `/api/shop/products/get/${product._id}` });
    expect(res.statusCode).toBe(404);
  });
});
