import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePaidOrder } from '../factories/checkout';
import { GUEST_ENV, makeGuestPaidOrder } from '../factories/guests';
import { makeProduct, variantOf } from '../factories/products';
import {
  askReturn,
  deliver,
  deliveredDaysAgo,
  mailsTo,
  returnCount,
  returnStep,
} from '../factories/returns';
import { makeUser, type TestUser } from '../factories/users';
import { createPayPalTestApp, type PayPalTestApp } from '../helpers/paypal';

let t: PayPalTestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createPayPalTestApp({ ...GUEST_ENV, RETURN_DAYS: '30' });
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(() => t.close());

/** A shopper's delivered order of two units of a size M shirt and one cap. */
async function deliveredOrder() {
  const shirt = await makeProduct(t, {
    title: 'Linen shirt',
    price: 40,
    variants: [{ size: 'M', color: 'White', totalStock: 10 }],
  });
  const cap = await makeProduct(t, { title: 'Cap', price: 15, totalStock: 10 });
  const { user, orderId, order } = await makePaidOrder(t, [
    { product: shirt, quantity: 2, variantId: variantOf(shirt, 'M', 'White')._id },
    { product: cap, quantity: 1 },
  ]);
  await deliver(t, admin, orderId);
  const line = (title: string) => order.cartItems.find((i) => i.title === title)!.lineId;
  return { user, orderId, shirtLine: line('Linen shirt'), capLine: line('Cap') };
}

describe('a shopper asks to return lines of a delivered order', () => {
  it('records the lines with their reasons, shows them on the order and acknowledges by email', async () => {
    const { user, orderId, shirtLine } = await deliveredOrder();
    const res = await askReturn(t, user, {
      orderId,
      lines: [{ lineId: shirtLine, quantity: 1, reason: 'tooSmall' }],
      comment: 'Runs small',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      orderId,
      kind: 'return',
      status: 'requested',
      comment: 'Runs small',
      lines: [
        { lineId: shirtLine, title: 'Linen shirt', size: 'M', quantity: 1, reason: 'tooSmall' },
      ],
      refundAmount: 0,
    });
    const details = await t.app.inject({
      method: 'GET',
      url: `/api/shop/order/details/${orderId}`,
      headers: { cookie: user.cookie },
    });
    expect(details.json().data.returns).toHaveLength(1);
    expect(details.json().data.returns[0]).toMatchObject({ status: 'requested' });
    const [mail] = await mailsTo(t, user.email, 'returnRequested');
    expect(mail!.text).toContain('Linen shirt (Size M, Colour White) × 1 · Too small');
    expect(mail!.text).toContain('return instructions');
  });

  it('refuses an order that is not delivered yet', async () => {
    const cap = await makeProduct(t, { totalStock: 5 });
    const { user, orderId, order } = await makePaidOrder(t, [{ product: cap }]);
    const res = await askReturn(t, user, {
      orderId,
      lines: [{ lineId: order.cartItems[0]!.lineId, quantity: 1, reason: 'changedMind' }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only a delivered order can be returned');
    expect(await returnCount(t, orderId)).toBe(0);
  });

  it('closes the window RETURN_DAYS after the delivery', async () => {
    const { user, orderId, capLine } = await deliveredOrder();
    const body = { orderId, lines: [{ lineId: capLine, quantity: 1, reason: 'other' }] };
    // Counted as the withdrawal period is: to the end of day 30, or of the working day after it.
    await deliveredDaysAgo(t, orderId, 33.1);
    const late = await askReturn(t, user, body);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(
      /^The 30-day return window of this order closed on \d+ \w+ \d{4}$/,
    );
    expect(await returnCount(t, orderId)).toBe(0);
    await deliveredDaysAgo(t, orderId, 29.9);
    expect((await askReturn(t, user, body)).statusCode).toBe(201);
  });

  it('never takes more units than were ordered less what other returns hold; a refusal frees them', async () => {
    const { user, orderId, shirtLine } = await deliveredOrder();
    // After the withdrawal period: only an ordinary return may be refused.
    await deliveredDaysAgo(t, orderId, 20);
    const one = { orderId, lines: [{ lineId: shirtLine, quantity: 1, reason: 'tooLarge' }] };
    const first = await askReturn(t, user, one);
    expect(first.statusCode).toBe(201);
    const tooMany = await askReturn(t, user, {
      orderId,
      lines: [{ lineId: shirtLine, quantity: 2, reason: 'tooLarge' }],
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe('Only 1 of "Linen shirt" (size M) can still be returned');
    expect((await askReturn(t, user, one)).statusCode).toBe(201);
    const none = await askReturn(t, user, one);
    expect(none.json().message).toBe('"Linen shirt" (size M) is already being returned in full');
    const refused = await returnStep(t, admin, first.json().data._id, 'refuse', {
      reason: 'Worn',
    });
    expect(refused.statusCode).toBe(200);
    expect((await askReturn(t, user, one)).statusCode).toBe(201);
  });

  it('of two requests racing for the last unit, one passes', async () => {
    const { user, orderId, capLine } = await deliveredOrder();
    const body = { orderId, lines: [{ lineId: capLine, quantity: 1, reason: 'damaged' }] };
    const results = await Promise.all([askReturn(t, user, body), askReturn(t, user, body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await returnCount(t, orderId)).toBe(1);
  });

  it('asks who you are, and keeps other shoppers’ orders to them', async () => {
    const { orderId, capLine } = await deliveredOrder();
    const body = { orderId, lines: [{ lineId: capLine, quantity: 1, reason: 'other' }] };
    expect((await askReturn(t, undefined, body)).statusCode).toBe(401);
    const stranger = await makeUser(t);
    const foreign = await askReturn(t, stranger, body);
    expect(foreign.statusCode).toBe(403);
    const unknown = await askReturn(t, stranger, {
      ...body,
      orderId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect(await returnCount(t, orderId)).toBe(0);
  });

  it('refuses bad bodies with 400 and records nothing', async () => {
    const { user, orderId, shirtLine, capLine } = await deliveredOrder();
    const line = { lineId: shirtLine, quantity: 1, reason: 'tooSmall' };
    const bad: Array<[object, RegExp]> = [
      [{ orderId, lines: [{ ...line, reason: 'ugly' }] }, /lines.0.reason must be one of/],
      [{ orderId, lines: [{ ...line, quantity: 0 }] }, /lines.0.quantity must be at least 1/],
      [{ orderId, lines: [{ ...line, quantity: 1.5 }] }, /quantity/],
      [{ orderId, lines: [] }, /must name at least one line/],
      [{ orderId, lines: [line], price: 1 }, /price|Unrecognized/i],
      [{ orderId, lines: [line, line] }, /names a line twice/],
      [{ orderId, lines: [{ ...line, lineId: orderId }] }, /is not a line of this order/],
      [{ orderId, lines: [{ ...line, lineId: capLine }], comment: 'x'.repeat(1001) }, /comment/],
    ];
    for (const [payload, message] of bad) {
      const res = await askReturn(t, user, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await returnCount(t, orderId)).toBe(0);
  });
});

describe('the return policy', () => {
  it('tells anyone the windows in days after delivery', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/shop/returns/policy' });
    // The law's 14 days to withdraw; the shop's own 30 to return; both end in its calendar.
    expect(res.json()).toEqual({
      success: true,
      data: { returnDays: 30, withdrawalDays: 14, timeZone: 'America/New_York', holidays: [] },
    });
  });
});

describe('a guest asks for a return', () => {
  it('proves the order with the status link’s token', async () => {
    const coat = await makeProduct(t, { title: 'Rain coat', price: 90, totalStock: 4 });
    const { orderId, order, statusToken, email } = await makeGuestPaidOrder(t, [{ product: coat }]);
    await deliver(t, admin, orderId);
    const body = {
      lines: [{ lineId: order.cartItems[0]!.lineId, quantity: 1, reason: 'notAsPictured' }],
    };
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/api/shop/order/status/${'x'.repeat(43)}/returns`,
      payload: body,
    });
    expect(wrong.statusCode).toBe(404);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/shop/order/status/${statusToken}/returns`,
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ orderId, status: 'requested' });
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/shop/order/status/${statusToken}`,
    });
    expect(status.json().data.returns).toHaveLength(1);
    const [mail] = await mailsTo(t, email, 'returnRequested');
    expect(mail!.text).toContain('Rain coat × 1 · Not as pictured');
  });
});
