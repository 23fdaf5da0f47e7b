import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeProduct, variantOf } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, startSecondInstance, type TestApp } from '../helpers/test-app';
import { eventually } from '../helpers/wait';

// A cart add answers the whole cart with what its lines show of their products (title, price,
// stock, size) kept in memory (cart/line-details.ts). These prove a change made through another
// instance reaches that answer, as it reaches the cart read.
let t: TestApp;
let other: Awaited<ReturnType<typeof startSecondInstance>>;
beforeAll(async () => {
  t = await createTestApp();
  other = await startSecondInstance(t);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const add = (user: TestUser, productId: string, variantId?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/shop/cart/add',
    headers: { cookie: user.cookie },
    payload: { userId: user.id, productId, quantity: 1, ...(variantId ? { variantId } : {}) },
  });
type Item = { productId: string; title: string; price: number; totalStock: number };
const itemsOf = (body: string): Item[] => JSON.parse(body).data.items;

it('an add answers the price, stock and existence another instance gave the cart’s products', async () => {
  const admin = await makeUser({ ...t, app: other }, { role: 'admin' });
  const shopper = await makeUser(t);
  const hoodie = await makeProduct(t, {
    title: 'Line Hoodie',
    price: 40,
    variants: [{ size: 'S', color: 'Red', totalStock: 4 }],
  });
  const cap = await makeProduct(t, { title: 'Line Cap', totalStock: 50 });
  const socks = await makeProduct(t, { title: 'Line Socks', totalStock: 50 });
  const small = variantOf(hoodie, 'S', 'Red')._id;
  const first = itemsOf((await add(shopper, hoodie._id, small)).body);
  expect(first).toEqual([
    expect.objectContaining({ title: 'Line Hoodie', price: 40, totalStock: 4 }),
  ]);
  await add(shopper, socks._id);

  const { _id, ...fields } = hoodie;
  const edit = await other.inject({
    method: 'PUT',
    url: `/api/admin/products/edit/${_id}`,
    headers: { cookie: admin.cookie },
    payload: {
      ...fields,
      price: 35,
      variants: [{ _id: small, size: 'S', color: 'Red', totalStock: 9 }],
    },
  });
  expect(edit.statusCode, edit.body).toBe(200);
  const removed = await other.inject({
    method: 'DELETE',
    url: `/api/admin/products/delete/${socks._id}`,
    headers: { cookie: admin.cookie },
  });
  expect(removed.statusCode, removed.body).toBe(200);

  let answer: Item[] = [];
  const changed = async () => {
    answer = itemsOf((await add(shopper, cap._id)).body);
    const line = answer.find((item) => item.productId === _id);
    return line?.price === 35 && line.totalStock === 9 && answer.length === 2;
  };
  expect(await eventually(changed)).toBe(true);
  // The answer is the cart a read gives: the hoodie as changed, the socks gone, the cap added.
  const read = await t.app.inject({
    url: `/api/shop/cart/get/${shopper.id}`,
    headers: { cookie: shopper.cookie },
  });
  expect(itemsOf(read.body)).toEqual(answer);
  expect(answer.map((item) => item.title)).toEqual(['Line Hoodie', 'Line Cap']);
});
