import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../server/src/db/schema';
import { type Shopper, userShopper } from '../../server/src/lib/shopper';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { settle } from '../helpers/wait';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (user: TestUser | null, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: user ? { cookie: user.cookie } : {},
  });

const add = (user: TestUser, productId: string, quantity = 1) =>
  call(user, 'POST', '/api/shop/cart/add', { userId: user.id, productId, quantity });
const update = (user: TestUser, productId: string, quantity: number) =>
  call(user, 'PUT', '/api/shop/cart/update-cart', { userId: user.id, productId, quantity });
const getCart = (user: TestUser) => call(user, 'GET', `/api/shop/cart/get/${user.id}`);

describe('cart', () => {
  it('starts empty and adds a line with the current title, image, price and sale price', async () => {
    const user = await makeUser(t);
    const empty = await getCart(user);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ success: true, data: { _id: null, items: [] } });

    const product = await makeProduct(t, { price: 40, salePrice: 29.99, totalStock: 7 });
    const res = await add(user, product._id, 2);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data._id).toEqual(expect.any(String));
    expect(body.data.items).toEqual([
      {
        productId: product._id,
        variantId: null,
        size: '',
        color: '',
        image: product.image,
        title: product.title,
        price: 40,
        salePrice: 29.99,
        quantity: 2,
        totalStock: 7,
      },
    ]);
  });

  it('adds to an existing line instead of making a second one', async () => {
    const user = await makeUser(t);
    const product = await makeProduct(t, { totalStock: 10 });
    await add(user, product._id, 1);
    const res = await add(user, product._id, 3);
    expect(res.json().data.items).toHaveLength(1);
    expect(res.json().data.items[0].quantity).toBe(4);
  });

  it('refuses a total above the stock with the stock-limit message', async () => {
    const user = await makeUser(t);
    const product = await makeProduct(t, { totalStock: 3 });
    expect((await add(user, product._id, 3)).statusCode).toBe(200);
    const res = await add(user, product._id, 1);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      code: 'OUT_OF_STOCK',
      message: 'Only 3 quantity can be added for this item',
    });
    expect((await getCart(user)).json().data.items[0].quantity).toBe(3);
  });

  it('refuses an update above the stock and keeps the old quantity', async () => {
    const user = await makeUser(t);
    const product = await makeProduct(t, { totalStock: 5 });
    await add(user, product._id, 2);
    const res = await update(user, product._id, 6);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only 5 quantity can be added for this item');
    const ok = await update(user, product._id, 5);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.items[0].quantity).toBe(5);
  });

  it('accepts only positive whole quantities', async () => {
    const user = await makeUser(t);
    const product = await makeProduct(t);
    for (const quantity of [0, -1, 1.5, '2', null]) {
      const res = await call(user, 'POST', '/api/shop/cart/add', {
        userId: user.id,
        productId: product._id,
        quantity,
      });
      expect(res.statusCode, `quantity ${String(quantity)}`).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'INVALID_INPUT' });
    }
    await add(user, product._id, 1);
    expect((await update(user, product._id, 0)).statusCode).toBe(400);
  });

  it('refuses unknown fields such as a client-sent price', async () => {
    const user = await makeUser(t);
    const product = await makeProduct(t);
    const res = await call(user, 'POST', '/api/shop/cart/add', {
      userId: user.id,
      productId: product._id,
      quantity: 1,
      price: 0.01,
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 for an unknown or malformed product', async () => {
    const user = await makeUser(t);
    expect((await add(user, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await add(user, 'not-an-id')).statusCode).toBe(404);
    expect((await update(user, 'not-an-id', 1)).statusCode).toBe(404);
    expect((await call(user, 'DELETE', `/api/shop/cart/${user.id}/nope`)).statusCode).toBe(404);
  });

  it('updates a line and deletes it', async () => {
    const user = await makeUser(t);
    const a = await makeProduct(t);
    const b = await makeProduct(t);
    await add(user, a._id);
    await add(user, b._id);
    const updated = await update(user, a._id, 4);
    expect(updated.json().data.items.map((i: { quantity: number }) => i.quantity)).toEqual([4, 1]);
    const del = await call(user, 'DELETE', `/api/shop/cart/${user.id}/${a._id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json().data.items.map((i: { productId: string }) => i.productId)).toEqual([b._id]);
    const again = await call(user, 'DELETE', `/api/shop/cart/${user.id}/${a._id}`);
    expect(again.statusCode).toBe(404);
  });

  it('shows current prices and drops products deleted since', async () => {
    const user = await makeUser(t);
    const kept = await makeProduct(t, { price: 10 });
    const gone = await makeProduct(t);
    await add(user, kept._id);
    await add(user, gone._id);
    await t.db
      .update(products)
      .set({ priceCents: 1250, salePriceCents: 999, title: 'Renamed' })
      .where(eq(products.id, kept._id));
    await t.db.delete(products).where(eq(products.id, gone._id));
    // What lines show of products is kept in memory and dropped by the database's NOTIFY,
    // which PostgreSQL delivers a moment after the write.
    await settle();
    const items = (await getCart(user)).json().data.items;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ title: 'Renamed', price: 12.5, salePrice: 9.99 });
  });

  it('needs a signed-in shopper', async () => {
    const user = await makeUser(t);
    expect((await call(null, 'GET', `/api/shop/cart/get/${user.id}`)).statusCode).toBe(401);
  });

  it("refuses to read or change another shopper's cart", async () => {
    const alice = await makeUser(t);
    const bob = await makeUser(t);
    const product = await makeProduct(t);
    await add(alice, product._id);
    const read = await call(bob, 'GET', `/api/shop/cart/get/${alice.id}`);
    expect(read.statusCode).toBe(403);
    const write = await call(bob, 'POST', '/api/shop/cart/add', {
      userId: alice.id,
      productId: product._id,
      quantity: 1,
    });
    expect(write.statusCode).toBe(403);
    const upd = await call(bob, 'PUT', '/api/shop/cart/update-cart', {
      userId: alice.id,
      productId: product._id,
      quantity: 2,
    });
    expect(upd.statusCode).toBe(403);
    const del = await call(bob, 'DELETE', `/api/shop/cart/${alice.id}/${product._id}`);
    expect(del.statusCode).toBe(403);
    expect((await getCart(alice)).json().data.items[0].quantity).toBe(1);
  });

  it('never lets concurrent adds push a line above the stock', async () => {
    const user = await makeUser(t);
    const product = await makeProduct(t, { totalStock: 5 });
    const results = await Promise.all(Array.from({ length: 12 }, () => add(user, product._id)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(7);
    expect((await getCart(user)).json().data.items[0].quantity).toBe(5);
  });

  it('leaves no cart behind when the first add is refused', async () => {
    const user = await makeUser(t);
    const product = await makeProduct(t, { totalStock: 2 });
    expect((await add(user, product._id, 3)).statusCode).toBe(409);
    expect((await getCart(user)).json().data).toEqual({ _id: null, items: [] });
  });

  it('names the choices for a malformed variant id and adds nothing', async () => {
    const user = await makeUser(t);
    const product = await makeProduct(t, { variants: [{ size: 'M', totalStock: 3 }] });
    const res = await call(user, 'POST', '/api/shop/cart/add', {
      userId: user.id,
      productId: product._id,
      variantId: 'not-a-uuid',
      quantity: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(product.variants[0]!._id);
    expect((await getCart(user)).json().data.items).toEqual([]);
  });
});

describe('cart reads of many shoppers at once', () => {
  it('answers each shopper their own cart, as a read of that cart alone does', async () => {
    const { cart } = t.app.services;
    const items = await Promise.all([1, 2, 3].map(() => makeProduct(t, { totalStock: 20 })));
    const users = await Promise.all([0, 1, 2].map(() => makeUser(t)));
    const owners: Shopper[] = [
      ...users.map((u) => userShopper(u.id)),
      { kind: 'guest', guestKey: `batch-${randomUUID()}` },
      { kind: 'guest', guestKey: `batch-${randomUUID()}` },
    ];
    // Each holds a different number of lines (the first has no cart at all), in its quantity.
    const lineCounts = [0, 1, 2, 3, 1];
    for (const [i, owner] of owners.entries()) {
      for (const product of items.slice(0, lineCounts[i]))
        await cart.add(owner, product._id, i + 1);
    }
    // Asked in one turn: one query for the users, one for the guests (lib/batched-reads.ts).
    const together = await Promise.all(owners.map((owner) => cart.get(owner)));
    const alone = [];
    for (const owner of owners) alone.push(await cart.get(owner));
    expect(together).toEqual(alone);
    expect(together.map((c) => c.items.length)).toEqual(lineCounts);
    expect(together.map((c) => c.items.map((item) => item.quantity))).toEqual([
      [],
      [2],
      [3, 3],
      [4, 4, 4],
      [5],
    ]);
    expect(new Set(together.map((c) => c._id)).size).toBe(5);
    // The quote reads the same lines.
    const quoted = await Promise.all(owners.map((owner) => cart.pricedLines(owner)));
    expect(quoted.map((lines) => lines.length)).toEqual(lineCounts);
  });
});
