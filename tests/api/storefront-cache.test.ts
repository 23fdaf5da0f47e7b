import type { Product } from '@contract/catalog';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, reviews } from '../../server/src/db/schema';
import { createOrder, makeShopperReady } from '../factories/checkout';
import { makeOrder } from '../factories/orders';
import { makeProduct } from '../factories/products';
import { makeUser } from '../factories/users';
import { type Simulator, startSimulator } from '../helpers/paypal';
import { createTestApp, startSecondInstance, TEST_ORIGIN, type TestApp } from '../helpers/test-app';
import { eventually, settle } from '../helpers/wait';

// The storefront's reads are cached; these prove the cache never shows a change late.
let t: TestApp;
let sim: Simulator;
let other: Awaited<ReturnType<typeof startSecondInstance>>;
beforeAll(async () => {
  sim = await startSimulator();
  t = await createTestApp(sim.env);
  // A second instance on the same database: its writes reach the first only by NOTIFY.
  other = await startSecondInstance(t);
});
afterAll(async () => {
  await other.close();
  await t.close();
  await sim.close();
});

const detail = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/shop/products/get/${id}` })).json().data;

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

  it('moves a product between filtered listings and facets when another instance edits it', async () => {
    const admin = await makeUser({ ...t, app: other }, { role: 'admin' });
    const product = await makeProduct(t, { title: 'Wanderer', category: 'men', brand: 'puma' });
    const listing = async (category: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/shop/products/get?category=${category}&brand=puma&limit=100`,
        })
      ).json();
    const has = (body: { data: Product[] }) => body.data.some((p) => p._id === product._id);
    expect(has(await listing('men'))).toBe(true);
    const womenBefore = (await listing('men')).facets.category.women ?? 0;
    const { _id, ...fields } = product;
    const edit = await other.inject({
      method: 'PUT',
      url: `/api/admin/products/edit/${_id}`,
      headers: { cookie: admin.cookie },
      payload: { ...fields, category: 'women' },
    });
    expect(edit.statusCode).toBe(200);
    expect(await eventually(async () => has(await listing('women')))).toBe(true);
    const after = await listing('men');
    expect(has(after)).toBe(false);
    expect(after.facets.category.women).toBe(womenBefore + 1);
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

  // A title changed with the NOTIFY trigger switched off: the cache can only drop it if
  // something this instance did invalidated it. That tells which requests empty what.
  async function renameSilently(id: string, title: string) {
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table products disable trigger products_updated_notify`);
      await tx.update(products).set({ title }).where(eq(products.id, id));
      await tx.execute(sql`alter table products enable trigger products_updated_notify`);
    });
  }
  // PostgreSQL delivers NOTIFY asynchronously: let the creation's notification arrive before
  // caching, or it would (rightly) drop what the test then expects to stay.
  const listed = async (url: string, id: string) =>
    (await t.app.inject({ method: 'GET', url })).json().data.find((p: Product) => p._id === id);

  it('keeps listings and products cached through cart adds, logins and addresses', async () => {
    const product = await makeProduct(t, { title: 'Steady Tee', brand: 'zara' });
    await settle();
    const url = '/api/shop/products/get?brand=zara&sortBy=title-atoz&limit=100';
    expect((await listed(url, product._id)).title).toBe('Steady Tee');
    await detail(product._id);
    await renameSilently(product._id, 'Renamed Quietly');
    const { user } = await makeShopperReady(t, [{ product }]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
    expect((await listed(url, product._id)).title).toBe('Steady Tee');
    expect((await detail(product._id)).title).toBe('Steady Tee');
  });

  it('drops the reserved product and the listings on checkout, not the other products', async () => {
    const bought = await makeProduct(t, { title: 'Bought Tee', totalStock: 5 });
    const other = await makeProduct(t, { title: 'Other Tee', totalStock: 5 });
    await settle();
    const url = '/api/shop/products/get?sortBy=title-atoz&limit=100';
    await listed(url, bought._id);
    await detail(bought._id);
    await detail(other._id);
    await renameSilently(other._id, 'Other Renamed');
    const { user, addressId } = await makeShopperReady(t, [{ product: bought, quantity: 2 }]);
    expect((await createOrder(t, user, addressId)).statusCode).toBe(201);
    // Its own page and every listing show the new stock at once...
    expect((await detail(bought._id)).totalStock).toBe(3);
    expect((await listed(url, bought._id)).totalStock).toBe(3);
    // ...while another product's answer stayed cached, on its page and in the listings composed
    // from it (the silent rename reached no cache).
    expect((await detail(other._id)).title).toBe('Other Tee');
    expect((await listed(url, other._id)).title).toBe('Other Tee');
  });
  it("answers a product's reviews from memory until a review of it comes, from any instance", async () => {
    const product = await makeProduct(t, { title: 'Reviewed Scarf' });
    const other2 = await makeProduct(t, { title: 'Unreviewed Cap' });
    const reviewsOf = async (id: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/shop/review/${id}` })).json().data as {
        reviewMessage: string;
      }[];
    expect(await reviewsOf(product._id)).toEqual([]);
    expect(await reviewsOf(other2._id)).toEqual([]);
    // A row written past the service changes no product: the cached answer stays, which shows
    // the answer is cached.
    const ghost = await makeUser(t);
    await t.db.insert(reviews).values({
      productId: product._id,
      userId: ghost.id,
      userName: 'Ghost',
      reviewMessage: 'Written past the service.',
      reviewValue: 3,
    });
    await settle();
    expect(await reviewsOf(product._id)).toEqual([]);

    // A real review on the other instance: the product's average changes, every instance hears.
    const buyer = await makeUser({ ...t, app: other });
    await makeOrder(t, {
      userId: buyer.id,
      items: [{ productId: product._id }],
      orderStatus: 'delivered',
    });
    const added = await other.inject({
      method: 'POST',
      url: '/api/shop/review/add',
      headers: { origin: TEST_ORIGIN, cookie: buyer.cookie },
      payload: { productId: product._id, reviewMessage: 'Soft and warm.', reviewValue: 5 },
    });
    expect(added.statusCode).toBe(201);
    const both = async () => (await reviewsOf(product._id)).length === 2;
    expect(await eventually(both)).toBe(true);
    expect((await reviewsOf(product._id)).map((r) => r.reviewMessage).sort()).toEqual([
      'Soft and warm.',
      'Written past the service.',
    ]);
    // An unknown product is still a 404, and nothing is kept for it.
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await t.app.inject({ method: 'GET', url: `/api/shop/review/${unknown}` });
    expect(res.statusCode).toBe(404);
  });
});
