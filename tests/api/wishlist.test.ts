import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, savedItems } from '../../server/src/db/schema';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const call = (
  user: TestUser | null,
  method: 'GET' | 'POST' | 'DELETE',
  url = '',
  payload?: object,
) =>
  t.app.inject({
    method,
    url: `/api/shop/wishlist${url}`,
    headers: user ? { cookie: user.cookie, origin: TEST_ORIGIN } : {},
    ...(payload ? { payload } : {}),
  });

describe('saved items', () => {
  it('saves, lists newest first with the product as it is now, and removes', async () => {
    const user = await makeUser(t);
    const a = await makeProduct(t, {
      title: 'Saved shirt',
      price: 30,
      salePrice: 20,
      totalStock: 3,
    });
    const b = await makeProduct(t, { title: 'Saved cap', totalStock: 0 });
    expect((await call(user, 'POST', '', { productId: a._id })).statusCode).toBe(200);
    const res = await call(user, 'POST', '', { productId: b._id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((i: { title: string }) => i.title)).toEqual([
      'Saved cap',
      'Saved shirt',
    ]);
    // Saving again changes nothing.
    await call(user, 'POST', '', { productId: a._id });
    const list = (await call(user, 'GET')).json();
    expect(list.data).toHaveLength(2);
    expect(list.data[1]).toMatchObject({
      productId: a._id,
      price: 30,
      salePrice: 20,
      totalStock: 3,
      savedAt: expect.any(String),
    });
    const removed = await call(user, 'DELETE', `/${a._id}`);
    expect(removed.json().data.map((i: { productId: string }) => i.productId)).toEqual([b._id]);
  });

  it("keeps each shopper's list their own and needs a session", async () => {
    const [ann, bob] = [await makeUser(t), await makeUser(t)];
    const p = await makeProduct(t);
    await call(ann, 'POST', '', { productId: p._id });
    expect((await call(bob, 'GET')).json().data).toEqual([]);
    // Bob cannot remove Ann's item: deleting works on his own list only.
    await call(bob, 'DELETE', `/${p._id}`);
    expect((await call(ann, 'GET')).json().data).toHaveLength(1);
    expect((await call(null, 'GET')).statusCode).toBe(401);
    expect((await call(null, 'POST', '', { productId: p._id })).statusCode).toBe(401);
  });

  it('refuses unknown or malformed products and extra fields', async () => {
    const user = await makeUser(t);
    const unknown = await call(user, 'POST', '', {
      productId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await call(user, 'POST', '', { productId: 'nope' })).statusCode).toBe(404);
    const p = await makeProduct(t);
    const extra = await call(user, 'POST', '', { productId: p._id, userId: 'someone-else' });
    expect(extra.statusCode).toBe(400);
    expect((await call(user, 'GET')).json().data).toEqual([]);
  });

  it('drops an item when its product is deleted', async () => {
    const user = await makeUser(t);
    const admin = await makeUser(t, { role: 'admin' });
    const p = await makeProduct(t);
    await call(user, 'POST', '', { productId: p._id });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/products/delete/${p._id}`,
      headers: { cookie: admin.cookie, origin: TEST_ORIGIN },
    });
    expect(del.statusCode).toBe(200);
    expect((await call(user, 'GET')).json().data).toEqual([]);
  });

  it('holds at most 200 items, also when two saves race for the last place', async () => {
    const user = await makeUser(t);
    const rows = await t.db
      .insert(products)
      .values(
        Array.from({ length: 201 }, (_, i) => ({
          title: `Bulk ${i}`,
          description: 'bulk',
          category: 'men' as const,
          brand: 'nike' as const,
          priceCents: 1000,
          salePriceCents: 0,
          totalStock: 1,
          image: '/uploads/test.webp',
        })),
      )
      .returning({ id: products.id });
    const extra = await makeProduct(t);
    await t.db
      .insert(savedItems)
      .values(rows.slice(0, 199).map((r) => ({ userId: user.id, productId: r.id })));
    const [first, second] = await Promise.all([
      call(user, 'POST', '', { productId: rows[199]!.id }),
      call(user, 'POST', '', { productId: rows[200]!.id }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const refused = await call(user, 'POST', '', { productId: extra._id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, code: 'CONFLICT' });
    expect((await call(user, 'GET')).json().data).toHaveLength(200);
  });
});
