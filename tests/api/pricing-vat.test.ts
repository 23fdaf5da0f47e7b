import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, makeShopperReady, orderCall } from '../factories/checkout';
import { makeDemoPricing, makeDiscount } from '../factories/pricing';
import { makeProduct } from '../factories/products';
import { createPayPalTestApp, type PayPalTestApp, visitPayPal } from '../helpers/paypal';

// An EU shop (PRICES_INCLUDE_TAX=true): shown prices contain VAT, the order shows the VAT it
// contains, and nothing is added on top, at checkout or at PayPal.

let t: PayPalTestApp;
beforeAll(async () => {
  t = await createPayPalTestApp({ PRICES_INCLUDE_TAX: 'true', SHOP_COUNTRY: 'DE' });
  await makeDemoPricing(t);
});
afterAll(() => t.close());

async function shopper(price: number, quantity: number) {
  const product = await makeProduct(t, { price, totalStock: 100 });
  const { user } = await makeShopperReady(t, [{ product, quantity }]);
  // No country given: the address is in the shop's country.
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/shop/address/add',
    headers: { cookie: user.cookie },
    payload: {
      userId: user.id,
      address: 'Hauptstr. 1',
      city: 'Berlin',
      pincode: '10115',
      phone: '030 1234',
      notes: '-',
    },
  });
  expect(res.statusCode).toBe(201);
  expect(res.json().data.country).toBe('DE');
  return { user, addressId: res.json().data._id as string };
}

describe('prices that include VAT', () => {
  it('show the VAT they contain, add nothing, and PayPal charges the shown total', async () => {
    const { user, addressId } = await shopper(119, 2);
    const q = (
      await t.app.inject({
        method: 'POST',
        url: '/api/shop/checkout/quote',
        headers: { cookie: user.cookie },
        payload: { addressId },
      })
    ).json().data;
    // 238 contains 38 VAT; the 19.99 shipping contains 3.19 (Germany taxes shipping).
    expect(q).toMatchObject({
      pricesIncludeTax: true,
      subtotal: 238,
      shipping: 19.99,
      tax: 41.19,
      total: 257.99,
      taxLines: [{ name: 'VAT', rate: 19, amount: 41.19 }],
    });
    const created = await createOrder(t, user, addressId);
    expect(created.statusCode).toBe(201);
    const { orderId, approvalURL } = created.json();
    const paypalId = new URL(approvalURL).searchParams.get('token')!;
    const unit = (await t.app.services.payments.client.getOrder(paypalId)).purchase_units[0]!;
    expect(unit.amount?.value).toBe('257.99');
    const { token } = await visitPayPal(approvalURL);
    const paid = (await orderCall(t, user, 'capture', { orderId, paymentId: token })).json().data;
    expect(paid).toMatchObject({
      totalAmount: 257.99,
      taxAmount: 41.19,
      pricesIncludeTax: true,
      addressInfo: { country: 'DE' },
    });
    expect(paid.cartItems[0]).toMatchObject({ tax: 38, discount: 0 });
  });

  it('rounds the VAT of many lines per line, and the lines add up to the order', async () => {
    const product = await makeProduct(t, { price: 0.99, totalStock: 100 });
    const other = await makeProduct(t, { price: 3.33, totalStock: 100 });
    const { user } = await makeShopperReady(t, [
      { product, quantity: 7 },
      { product: other, quantity: 3 },
    ]);
    const q = (
      await t.app.inject({
        method: 'POST',
        url: '/api/shop/checkout/quote',
        headers: { cookie: user.cookie },
        payload: { address: { country: 'DE' } },
      })
    ).json().data;
    // 6.93 contains 1.11 (1.1065 rounds up); 9.99 contains 1.60 (1.595 rounds up): 2.71, and
    // shipping's 3.19.
    expect(q.lines.map((l: { tax: number }) => l.tax)).toEqual([1.11, 1.6]);
    expect(q).toMatchObject({ subtotal: 16.92, tax: 5.9, total: 36.91 });
  });

  it('a code that has not started yet says so', async () => {
    const { user, addressId } = await shopper(20, 1);
    const later = await makeDiscount(t, { startsAt: '2999-01-01T00:00:00Z' });
    const q = (
      await t.app.inject({
        method: 'POST',
        url: '/api/shop/checkout/quote',
        headers: { cookie: user.cookie },
        payload: { addressId, discountCode: later.code },
      })
    ).json().data;
    expect(q.discountCode).toMatchObject({ ok: false });
    expect(q.discountCode.reason).toMatch(/not active yet/);
  });
});
