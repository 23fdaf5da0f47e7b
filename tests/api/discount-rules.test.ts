import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, makeShopperReady } from '../factories/checkout';
import { makeDemoPricing, makeDiscount } from '../factories/pricing';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  await makeDemoPricing(t);
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const quote = async (user: TestUser, discountCode: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/shop/checkout/quote',
    headers: { cookie: user.cookie },
    payload: { discountCode, addressId: await californian(user) },
  });

/** A saved address in California, where the demo shop ships and taxes. */
async function californian(user: TestUser) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/shop/address/add',
    headers: { cookie: user.cookie },
    payload: {
      userId: user.id,
      address: '1 Main St',
      city: 'Sacramento',
      pincode: '95814',
      phone: '555 0100',
      notes: '-',
      country: 'US',
      region: 'CA',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id as string;
}

describe('a code’s minimum', () => {
  it('is met by the lines the code covers, not by the whole cart, and says what is missing', async () => {
    const code = await makeDiscount(t, { minSubtotal: 50, categories: ['kids'], brands: [] });
    const coat = await makeProduct(t, { category: 'men', price: 60, totalStock: 50 });
    const kidsShirt = await makeProduct(t, { category: 'kids', brand: 'zara', price: 20 });
    const { user } = await makeShopperReady(t, [
      { product: coat },
      { product: kidsShirt, quantity: 2 },
    ]);
    const addressId = await californian(user);
    const refused = (await quote(user, code.code)).json().data;
    expect(refused).toMatchObject({ subtotal: 100, discount: 0 });
    expect(refused.discountCode).toMatchObject({
      ok: false,
      reason: 'This code needs $50.00 of Kids items in your cart: add $10.00 more of them',
    });
    const order = await createOrder(t, user, addressId, { discountCode: code.code });
    expect(order.statusCode).toBe(400);
    expect(order.json().message).toBe(
      'discountCode: This code needs $50.00 of Kids items in your cart: add $10.00 more of them',
    );

    // A third kids' shirt reaches it: 10% of the kids' lines only.
    const { user: more } = await makeShopperReady(t, [
      { product: coat },
      { product: kidsShirt, quantity: 3 },
    ]);
    const applied = (await quote(more, code.code)).json().data;
    expect(applied.discountCode).toMatchObject({ ok: true });
    expect(applied.discount).toBe(6);
  });

  it('of a code for every product is the cart’s subtotal, and says how much more', async () => {
    const code = await makeDiscount(t, { minSubtotal: 50 });
    const shirt = await makeProduct(t, { price: 30 });
    const { user } = await makeShopperReady(t, [{ product: shirt }]);
    const answer = await quote(user, code.code);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.discountCode.reason).toBe(
      'This code needs a minimum subtotal of $50.00: add $20.00 more',
    );
  });
});

describe('a code’s categories and brands', () => {
  const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: { cookie: admin.cookie }, payload });
  const body = (extra: object) => ({
    code: `SCOPE${Date.now()}`,
    type: 'percent',
    value: 10,
    ...extra,
  });

  it('must exist: a 400 names the one that does not, and nothing is saved', async () => {
    const badCategory = await send(
      'POST',
      '/api/admin/discounts/add',
      body({ categories: ['kids', 'shoes'] }),
    );
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json().message).toBe(
      'categories.1 "shoes" is not a category (men, women, kids, accessories, footwear)',
    );
    const badBrand = await send('POST', '/api/admin/discounts/add', body({ brands: ['gucci'] }));
    expect(badBrand.statusCode).toBe(400);
    expect(badBrand.json().message).toBe(
      'brands.0 "gucci" is not a brand (nike, adidas, puma, levi, zara, h&m)',
    );
    expect((await t.app.services.discounts.list()).some((d) => d.code.startsWith('SCOPE'))).toBe(
      false,
    );

    const code = await makeDiscount(t, { categories: ['kids'] });
    const edit = await send(
      'PUT',
      `/api/admin/discounts/edit/${code._id}`,
      body({ code: code.code, brands: ['Nike'] }),
    );
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toMatch(/^brands\.0 "Nike" is not a brand/);
    const kept = (await t.app.services.discounts.list()).find((d) => d._id === code._id)!;
    expect(kept).toMatchObject({ categories: ['kids'], brands: [] });
  });
});
