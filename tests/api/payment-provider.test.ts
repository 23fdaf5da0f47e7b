import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckoutService } from '../../server/src/modules/orders/checkout.service';
import { RefundsService } from '../../server/src/modules/refunds/refunds.service';
import { makeShopperReady, paymentRow, stockOf } from '../factories/checkout';
import { makeProduct } from '../factories/products';
import { makeUser } from '../factories/users';
import { FakeProvider } from '../helpers/fake-provider';
import { createTestApp, type TestApp } from '../helpers/test-app';

// The settlement and the refunds reach a provider only through PaymentProvider: on a test
// double they open, capture and refund a payment with no PayPal at all.
let t: TestApp;
let fake: FakeProvider;
let checkout: CheckoutService;
let refunds: RefundsService;
beforeAll(async () => {
  t = await createTestApp();
  fake = new FakeProvider();
  const { cart, stock, addresses, auth, pricing, quotes, discounts, orders, orderMail } =
    t.app.services;
  const deps = { cart, stock, addresses, auth, pricing, quotes, discounts, orders };
  checkout = new CheckoutService(t.db, { ...deps, payments: fake, mail: orderMail });
  refunds = new RefundsService(t.db, {
    payments: fake,
    stock,
    orders,
    mail: orderMail,
    discounts,
    log: { warn: () => {} },
  });
});
afterAll(() => t.close());

describe('a payment provider behind the interface', () => {
  it('settles an order through a test double: created, approved, captured once, refunded', async () => {
    const product = await makeProduct(t, { price: 20, totalStock: 3 });
    const { user, addressId } = await makeShopperReady(t, [{ product, quantity: 1 }]);
    const { approvalURL, orderId } = await checkout.createOrder(
      { kind: 'user', userId: user.id },
      { userId: user.id, addressInfo: { addressId } },
    );
    expect(approvalURL).toMatch(/^https:\/\/pay\.example\/approve\/FAKE-\d+$/);
    expect(await stockOf(t, product._id)).toBe(2);

    // Before approval the capture is refused without spending a capture call.
    await expect(checkout.capture({ userId: user.id }, { orderId })).rejects.toThrow(
      /not been approved/,
    );
    fake.approve(approvalURL.split('/').at(-1)!);
    const paid = await checkout.capture({ userId: user.id }, { orderId });
    expect(paid).toMatchObject({
      paymentStatus: 'paid',
      orderStatus: 'confirmed',
      totalCents: 2000,
    });
    // Capturing again answers the paid order as it is.
    expect((await checkout.capture({ userId: user.id }, { orderId })).paymentStatus).toBe('paid');
    expect(fake.calls.filter((c) => c.startsWith('capture'))).toEqual([
      `capture ${orderId}-capture-0`,
    ]);

    const admin = await makeUser(t, { role: 'admin' });
    const refunded = await refunds.refund(admin.id, orderId, { amountCents: 500, reason: 'Scuff' });
    expect(refunded).toMatchObject({ paymentStatus: 'partially_refunded', refundedCents: 500 });
    expect(fake.calls).toContain('refund 500');
    expect((await paymentRow(t, orderId)).captureId).toBe(
      `${approvalURL.split('/').at(-1)}-CAPTURE`,
    );
  });
});
