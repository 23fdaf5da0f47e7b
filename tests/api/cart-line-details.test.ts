import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { products } from '../../server/src/db/schema';
import { makeProduct, variantOf } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, startSecondInstance, type TestApp } from '../helpers/test-app';
import { eventually, settle } from '../helpers/wait';

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

const add = (user: TestUser, productId: string, variantId?: string, quantity = 1) =>
  t.app.inject({
    method: 'POST',
    url: '/api/shop/cart/add',
    headers: { cookie: user.cookie },
    payload: { userId: user.id, productId, quantity, ...(variantId ? { variantId } : {}) },
  });
const getCart = (user: TestUser) =>
  t.app.inject({ url: `/api/shop/cart/get/${user.id}`, headers: { cookie: user.cookie } });
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

it('answers an add with the whole cart, as a read of it then does', async () => {
  const user = await makeUser(t);
  const plain = await makeProduct(t, { price: 20, totalStock: 9 });
  const sized = await makeProduct(t, {
    variants: [
      { size: 'M', color: 'Navy', totalStock: 4 },
      { size: 'L', color: 'Navy', totalStock: 6 },
    ],
  });
  const renamed = await makeProduct(t, { price: 15 });
  const gone = await makeProduct(t);
  const addSized = (size: string) => add(user, sized._id, variantOf(sized, size, 'Navy')._id);
  await add(user, plain._id);
  await addSized('L');
  await add(user, renamed._id);
  await add(user, gone._id);
  // Changed and deleted since they were added: the add's answer shows them as they are now.
  await t.db.update(products).set({ title: 'Renamed Scarf' }).where(eq(products.id, renamed._id));
  await t.db.delete(products).where(eq(products.id, gone._id));
  // What lines show of products is kept in memory and dropped by the database's NOTIFY,
  // which PostgreSQL delivers a moment after the write.
  await settle();
  // An existing line added to, then a new line: each answer is the cart a read gives.
  for (const adding of [() => add(user, plain._id, undefined, 2), () => addSized('M')]) {
    const res = await adding();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual((await getCart(user)).json());
  }
  const items = (await getCart(user)).json().data.items;
  expect(items).toEqual([
    expect.objectContaining({ productId: plain._id, quantity: 3, totalStock: 9 }),
    expect.objectContaining({ productId: sized._id, size: 'L', quantity: 1, totalStock: 6 }),
    expect.objectContaining({ title: 'Renamed Scarf', quantity: 1 }),
    expect.objectContaining({ productId: sized._id, size: 'M', quantity: 1, totalStock: 4 }),
  ]);
});
