import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discounts, orders } from '../../server/src/db/schema';
import { createOrder, orderCall } from '../factories/checkout';
import { GUEST_ENV, makeGuest } from '../factories/guests';
import { makeDemoPricing, makeDiscount } from '../factories/pricing';
import { makeProduct } from '../factories/products';
import { makeUser } from '../factories/users';
import { createPayPalTestApp, type PayPalTestApp, visitPayPal } from '../helpers/paypal';

let t: PayPalTestApp;
let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  // Ten checkouts of one mailbox within the hour: above the unpaid-checkout bound's default.
  t = await createPayPalTestApp({ ...GUEST_ENV, MAX_UNPAID_CHECKOUTS: '50' });
  await makeDemoPricing(t);
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(() => t.close());

const stats = async (id: string) =>
  (await t.app.services.discounts.list()).find((d) => d._id === id)!;
const heldUses = async (id: string) =>
  (await t.db.select({ n: discounts.heldUses }).from(discounts).where(eq(discounts.id, id)))[0]!.n;
const product = () => makeProduct(t, { price: 40, totalStock: 500 });

/** One person's mailbox spelled as many shoppers spell it: accounts and guests. */
function mailbox() {
  const local = `shopper-${randomBytes(4).toString('hex')}`;
  return { local, spell: (tag: string, domain = 'x.com') => `${local}${tag}@${domain}` };
}

/** A checkout ready to open: an account with a saved address, or a guest with a typed-in one. */
async function account(email: string) {
  const user = await makeUser(t, { email });
  const { addressId } = await readyAs(user);
  return {
    create: (extra: object = {}) => createOrder(t, user, addressId, extra),
    capture: (orderId: string, token: string) =>
      orderCall(t, user, 'capture', { orderId, paymentId: token }),
    quote: (extra: object = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/shop/checkout/quote',
        headers: { cookie: user.cookie },
        payload: { addressId, ...extra },
      }),
  };
}

async function readyAs(user: Awaited<ReturnType<typeof makeUser>>) {
  const p = await product();
  await t.app.inject({
    method: 'POST',
    url: '/api/shop/cart/add',
    headers: { cookie: user.cookie },
    payload: { userId: user.id, productId: p._id, quantity: 1 },
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/shop/address/add',
    headers: { cookie: user.cookie },
    payload: {
      userId: user.id,
      address: '1 Main St',
      city: 'Somewhere',
      pincode: '95814',
      phone: '555 0100',
      notes: '-',
      country: 'US',
      region: 'CA',
    },
  });
  return { addressId: res.json().data._id as string };
}

async function guestAs(email: string) {
  const guest = makeGuest(t);
  await guest.add({ product: await product() });
  return {
    create: (extra: object = {}) => guest.create(email, extra),
    capture: (orderId: string, token: string) => guest.capture({ orderId, paymentId: token }),
    quote: (extra: object = {}) => guest.quote({ email, ...extra }),
  };
}

type Checkout = Awaited<ReturnType<typeof account>>;

async function pay(
  who: Checkout,
  created: { json: () => { approvalURL: string; orderId: string } },
) {
  const { approvalURL, orderId } = created.json();
  const { token } = await visitPayPal(approvalURL);
  const res = await who.capture(orderId, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { _id: string; discountCode: string; totalAmount: number };
}

const paidWith = async (code: string) =>
  (await t.db.select().from(orders).where(eq(orders.discountCode, code))).filter(
    (o) => o.paymentStatus === 'paid',
  );

describe('uses per customer', () => {
  it('10 parallel checkouts of one mailbox (accounts and guests): one opens with the code, one pays with it', async () => {
    const code = await makeDiscount(t, { perCustomerLimit: 1 });
    const box = mailbox();
    const checkouts = await Promise.all([
      account(box.spell('')),
      account(box.spell('+1').toUpperCase()),
      account(box.spell('+shop')),
      account(box.spell('+a.b')),
      account(box.spell('+2', 'X.com')),
      guestAs(box.spell('+2', 'X.com')),
      guestAs(` ${box.spell('', 'x.COM').toUpperCase()} `),
      guestAs(box.spell('+news')),
      guestAs(box.spell('+')),
      guestAs(box.spell('+7+8')),
    ]);
    const answers = await Promise.all(checkouts.map((c) => c.create({ discountCode: code.code })));
    const opened = answers.flatMap((r, i) => (r.statusCode === 201 ? [i] : []));
    expect(opened, answers.map((r) => r.body).join('\n')).toHaveLength(1);
    // Refused at the count under the lock (409), or by the check before it once the winner is in.
    for (const refused of answers.filter((r) => r.statusCode !== 201)) {
      expect([400, 409]).toContain(refused.statusCode);
      expect(refused.json().message).toMatch(/You have already used this code/);
    }
    const winner = opened[0]!;
    const paid = await pay(checkouts[winner]!, answers[winner]!);
    expect(paid.discountCode).toBe(code.code);

    // The others check out again: with the code still refused, without it they pay.
    for (const [i, checkout] of checkouts.entries()) {
      if (i === winner) continue;
      expect((await checkout.create({ discountCode: code.code })).statusCode).toBe(400);
      const plain = await checkout.create();
      expect(plain.statusCode, plain.body).toBe(201);
      expect((await pay(checkout, plain)).discountCode).toBe('');
    }
    expect(await paidWith(code.code)).toHaveLength(1);
    expect(await stats(code._id)).toMatchObject({ uses: 1, revenue: paid.totalAmount });
    expect(await heldUses(code._id)).toBe(1);
  });

  it('an account’s use counts for a guest with its email, and a guest’s for the account', async () => {
    const code = await makeDiscount(t, { perCustomerLimit: 1 });
    const box = mailbox();
    const user = await account(box.spell(''));
    await pay(user, await user.create({ discountCode: code.code }));
    const guest = await guestAs(box.spell('+later', 'X.COM'));
    const q = (await guest.quote({ discountCode: code.code })).json().data;
    expect(q.discountCode).toMatchObject({ ok: false, reason: 'You have already used this code' });
    const refused = await guest.create({ discountCode: code.code });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('discountCode: You have already used this code');

    const other = await makeDiscount(t, { perCustomerLimit: 1 });
    const box2 = mailbox();
    const first = await guestAs(box2.spell('+guest'));
    await pay(first, await first.create({ discountCode: other.code }));
    const later = await account(box2.spell('').toUpperCase());
    const q2 = (await later.quote({ discountCode: other.code })).json().data;
    expect(q2.discountCode).toMatchObject({ ok: false, reason: 'You have already used this code' });
  });

  it('a shopper who checks out again replaces the open order and keeps the code', async () => {
    const code = await makeDiscount(t, { perCustomerLimit: 1, usageLimit: 1 });
    const user = await account(mailbox().spell(''));
    expect((await user.create({ discountCode: code.code })).statusCode).toBe(201);
    // Back from PayPal without cancelling: the quote and a new checkout still take the code.
    const q = (await user.quote({ discountCode: code.code })).json().data;
    expect(q.discountCode).toMatchObject({ ok: true });
    const again = await user.create({ discountCode: code.code });
    expect(again.statusCode, again.body).toBe(201);
    expect(await heldUses(code._id)).toBe(1);
    expect((await pay(user, again)).discountCode).toBe(code.code);
    expect(await heldUses(code._id)).toBe(1);
  });
});

describe('a use given back', () => {
  const refund = (orderId: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/refund/${orderId}`,
      headers: { cookie: admin.cookie },
      payload,
    });

  it('by a shopper cancelling a paid order: the use is free and the revenue leaves the code', async () => {
    const code = await makeDiscount(t, { perCustomerLimit: 1, usageLimit: 1 });
    const user = await makeUser(t);
    const { addressId } = await readyAs(user);
    const created = await createOrder(t, user, addressId, { discountCode: code.code });
    const { token } = await visitPayPal(created.json().approvalURL);
    const orderId = created.json().orderId as string;
    const paid = await orderCall(t, user, 'capture', { orderId, paymentId: token });
    expect(paid.statusCode).toBe(200);
    expect(await stats(code._id)).toMatchObject({ uses: 1, revenue: paid.json().data.totalAmount });
    const cancelled = await orderCall(t, user, 'cancel', { orderId });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stats(code._id)).toMatchObject({ uses: 0, revenue: 0, discountGiven: 0 });
    expect(await heldUses(code._id)).toBe(0);
    // The same customer, and anyone else, may use it again.
    const { addressId: again } = await readyAs(user);
    expect((await createOrder(t, user, again, { discountCode: code.code })).statusCode).toBe(201);
  });

  it('by a full refund; a partial one only lowers the revenue by what was refunded', async () => {
    const code = await makeDiscount(t, { usageLimit: 5 });
    const buyer = await account(mailbox().spell(''));
    const order = await pay(buyer, await buyer.create({ discountCode: code.code }));
    expect((await refund(order._id, { amount: 10, reason: 'Scratched' })).statusCode).toBe(200);
    expect(await stats(code._id)).toMatchObject({
      uses: 1,
      revenue: Math.round((order.totalAmount - 10) * 100) / 100,
      discountGiven: 4,
    });
    expect(await heldUses(code._id)).toBe(1);
    expect((await refund(order._id, { reason: 'Lost in transit' })).statusCode).toBe(200);
    expect(await stats(code._id)).toMatchObject({ uses: 0, revenue: 0, discountGiven: 0 });
    expect(await heldUses(code._id)).toBe(0);
  });

  it('once, however often it is given back', async () => {
    const code = await makeDiscount(t, { usageLimit: 5 });
    const buyer = await account(mailbox().spell(''));
    const order = await pay(buyer, await buyer.create({ discountCode: code.code }));
    const other = await account(mailbox().spell(''));
    await pay(other, await other.create({ discountCode: code.code }));
    expect(await heldUses(code._id)).toBe(2);
    const { discounts: service } = t.app.services;
    await t.db.transaction((tx) => service.release(tx, order._id));
    await t.db.transaction((tx) => service.release(tx, order._id));
    expect(await heldUses(code._id)).toBe(1);
    expect((await stats(code._id)).uses).toBe(1);
  });
});
