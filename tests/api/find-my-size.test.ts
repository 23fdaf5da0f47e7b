import type { Brand, Category } from '@contract/catalog';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../server/src/db/schema';
import { makeOrder } from '../factories/orders';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { settle } from '../helpers/wait';

// "Find my size" (issue 28): a shopper's size for a brand and category, saved or bought and
// kept, preselected on that brand's other products of the category, moved by their fit verdict.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const letters = ['XS', 'S', 'M', 'L', 'XL'];
const tee = (brand: Brand = 'levi', category: Category = 'men', sizes = letters) =>
  makeProduct(t, {
    brand,
    category,
    variants: sizes.map((size) => ({ size, totalStock: 3 })),
  });
/** Buyers' fit answers on the product, as the reviews module keeps them. */
const runs = async (productId: string, fit: { small?: number; true?: number; large?: number }) => {
  await t.db
    .update(products)
    .set({ fitSmall: fit.small ?? 0, fitTrue: fit.true ?? 0, fitLarge: fit.large ?? 0 })
    .where(eq(products.id, productId));
  await settle();
};
const call = (
  user: TestUser | undefined,
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url: `/api/shop/my-sizes${url}`,
    headers: user ? { cookie: user.cookie } : {},
    ...(payload ? { payload } : {}),
  });
const save = (user: TestUser, size: string, brand = 'levi', category = 'men') =>
  call(user, 'PUT', '', { brand, category, size });
const suggestion = async (user: TestUser, productId: string) => {
  const res = await call(user, 'GET', `/suggestion/${productId}`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

describe('saved sizes', () => {
  it('are saved per brand and category, replaced, listed and forgotten', async () => {
    const ann = await makeUser(t);
    expect((await save(ann, 'M')).json().data).toEqual([
      { brand: 'levi', category: 'men', size: 'M' },
    ]);
    await save(ann, 'L');
    await save(ann, '32', 'levi', 'women');
    expect((await call(ann, 'GET', '')).json().data).toEqual([
      { brand: 'levi', category: 'men', size: 'L' },
      { brand: 'levi', category: 'women', size: '32' },
    ]);
    const left = await call(ann, 'DELETE', '/levi/men');
    expect(left.json().data).toEqual([{ brand: 'levi', category: 'women', size: '32' }]);
    // Another shopper sees none of them.
    expect((await call(await makeUser(t), 'GET', '')).json().data).toEqual([]);
  });

  it('need a signed-in shopper, checked before the body', async () => {
    for (const [method, url] of [
      ['GET', ''],
      ['PUT', ''],
      ['DELETE', '/levi/men'],
      ['GET', '/suggestion/x'],
    ] as const) {
      expect((await call(undefined, method, url, { junk: true })).statusCode).toBe(401);
    }
  });

  it('refuse an unknown brand or category, and a size that is not one line of text', async () => {
    const ann = await makeUser(t);
    expect((await save(ann, 'M', 'gucci')).json().message).toMatch(/^brand must be one of/);
    expect((await save(ann, 'M', 'levi', 'pets')).json().message).toMatch(/^category/);
    expect((await save(ann, 'x'.repeat(21))).statusCode).toBe(400);
    expect((await save(ann, 'M\nL')).statusCode).toBe(400);
  });
});

describe('the preselected size', () => {
  it('follows the saved size and the fit summary', async () => {
    const ann = await makeUser(t);
    await save(ann, 'M');
    const product = await tee();
    expect(await suggestion(ann, product._id)).toEqual({
      size: 'M',
      worn: 'M',
      source: 'saved',
      shift: 0,
      verdict: null,
    });
    // Runs small once five buyers say so: one size up.
    await runs(product._id, { small: 4, true: 1 });
    expect(await suggestion(ann, product._id)).toMatchObject({
      size: 'L',
      shift: 1,
      verdict: 'small',
    });
    // Runs large: one size down.
    await runs(product._id, { large: 3, true: 2 });
    expect(await suggestion(ann, product._id)).toMatchObject({
      size: 'S',
      shift: -1,
      verdict: 'large',
    });
    // Four answers are not a verdict yet.
    await runs(product._id, { large: 4 });
    expect(await suggestion(ann, product._id)).toMatchObject({ size: 'M', verdict: null });
    // A new saved size moves the suggestion with it.
    await save(ann, 'XS');
    await runs(product._id, { true: 5 });
    expect(await suggestion(ann, product._id)).toMatchObject({ size: 'XS', verdict: 'true' });
  });

  it('stays at the end of the size run when there is no size further up or down', async () => {
    const ann = await makeUser(t);
    await save(ann, 'XL');
    const product = await tee();
    await runs(product._id, { small: 5 });
    expect(await suggestion(ann, product._id)).toMatchObject({ size: 'XL', shift: 0 });
  });

  it('comes from a size bought and kept in the brand and category when none is saved', async () => {
    const bob = await makeUser(t);
    const bought = await tee();
    await makeOrder(t, {
      userId: bob.id,
      items: [{ productId: bought._id, size: 'S' }],
      paymentStatus: 'paid',
    });
    const other = await tee();
    expect(await suggestion(bob, other._id)).toMatchObject({
      size: 'S',
      worn: 'S',
      source: 'bought',
    });
    await runs(other._id, { small: 5 });
    expect(await suggestion(bob, other._id)).toMatchObject({ size: 'M', source: 'bought' });
    // A saved size wins over one bought.
    await save(bob, 'L');
    expect(await suggestion(bob, other._id)).toMatchObject({ size: 'XL', source: 'saved' });
  });

  it('does not come from an order refunded, cancelled or rejected', async () => {
    const cy = await makeUser(t);
    const bought = await tee();
    await makeOrder(t, {
      userId: cy.id,
      items: [{ productId: bought._id, size: 'S' }],
      paymentStatus: 'refunded',
      orderStatus: 'cancelled',
    });
    await makeOrder(t, {
      userId: cy.id,
      items: [{ productId: bought._id, size: 'M' }],
      paymentStatus: 'paid',
      orderStatus: 'rejected',
    });
    expect(await suggestion(cy, (await tee())._id)).toBeNull();
  });

  it('is none on another brand or category, or where the product has no such size', async () => {
    const dee = await makeUser(t);
    await save(dee, 'M');
    expect(await suggestion(dee, (await tee('nike'))._id)).toBeNull();
    expect(await suggestion(dee, (await tee('levi', 'women'))._id)).toBeNull();
    const jeans = await tee('levi', 'men', ['28', '30', '32']);
    expect(await suggestion(dee, jeans._id)).toBeNull();
    // A size bought in letters does not stand in for waist sizes either.
    const bought = await tee();
    await makeOrder(t, {
      userId: dee.id,
      items: [{ productId: bought._id, size: 'M' }],
      paymentStatus: 'paid',
    });
    expect(await suggestion(dee, jeans._id)).toBeNull();
    expect(await suggestion(dee, (await makeProduct(t, { brand: 'levi' }))._id)).toBeNull();
    const missing = await call(dee, 'GET', '/suggestion/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
  });
});
