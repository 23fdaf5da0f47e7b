import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, orderPayments } from '../../server/src/db/schema';
import { cartOf, createOrder, makeShopperReady, stockOf } from '../factories/checkout';
import { GUEST_ENV, guestEmail, makeGuest } from '../factories/guests';
import { makeDiscount } from '../factories/pricing';
import { makeProduct } from '../factories/products';
import { createPayPalTestApp, type PayPalTestApp } from '../helpers/paypal';

// An order whose total is 0 (a 100% code, shipping free) has nothing to collect: it is paid as
// it is placed, and no payment provider is asked anything.
let t: PayPalTestApp;
beforeAll(async () => {
  t = await createPayPalTestApp(GUEST_ENV);
});
afterAll(() => t.close());

describe('an order of total 0', () => {
  it('is paid and placed at once, with no call to PayPal', async () => {
    const product = await makeProduct(t, { price: 25, totalStock: 4 });
    const code = await makeDiscount(t, { type: 'percent', value: 100 });
    const { user, addressId } = await makeShopperReady(t, [{ product, quantity: 2 }]);
    const calls = { ...t.sim.state.calls };

    const res = await createOrder(t, user, addressId, { discountCode: code.code });
    expect(res.statusCode, res.body).toBe(201);
    const { orderId, approvalURL } = res.json();
    expect(approvalURL).toMatch(new RegExp(`/shop/payment-success\\?order=${orderId}$`));
    expect(t.sim.state.calls).toEqual(calls);

    const details = await t.app.inject({
      method: 'GET',
      url: `/api/shop/order/details/${orderId}`,
      headers: { cookie: user.cookie },
    });
    expect(details.json().data).toMatchObject({
      paymentStatus: 'paid',
      orderStatus: 'confirmed',
      totalAmount: 0,
      discountAmount: 50,
      paymentId: '',
    });
    // No payment at any provider: nothing to capture or refund.
    expect(
      await t.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId)),
    ).toEqual([]);
    expect(await stockOf(t, product._id)).toBe(2);
    expect(await cartOf(t, user)).toEqual([]);
    const mails = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.recipient, user.email));
    expect(mails.map((m) => m.template)).toContain('orderConfirmed');
  });

  it("a guest's is paid too, and its answer links to the order's status page", async () => {
    const product = await makeProduct(t, { price: 9, totalStock: 2 });
    const code = await makeDiscount(t, { type: 'percent', value: 100 });
    const guest = makeGuest(t);
    expect((await guest.add({ product })).statusCode).toBe(200);
    const calls = { ...t.sim.state.calls };
    const res = await guest.create(guestEmail(), { discountCode: code.code });
    expect(res.statusCode, res.body).toBe(201);
    const { approvalURL } = res.json();
    expect(t.sim.state.calls).toEqual(calls);
    const token = new URL(approvalURL).pathname.split('/').at(-1)!;
    expect(new URL(approvalURL).search).toBe('?paid=1');
    const status = await t.app.inject({ method: 'GET', url: `/api/shop/order/status/${token}` });
    expect(status.json().data).toMatchObject({ paymentStatus: 'paid', totalAmount: 0 });
  });
});
