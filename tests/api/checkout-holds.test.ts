import { overMaximumMessage } from '@contract/limits';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config';
import { orders, products } from '../../server/src/db/schema';
import { createOrder, makeShopperReady, orderRow, stockOf } from '../factories/checkout';
import {
  GUEST_ENV,
  guestAddress,
  guestEmail,
  makeGuest,
  makeGuestPaidOrder,
} from '../factories/guests';
import { makeDemoPricing } from '../factories/pricing';
import { makeProduct } from '../factories/products';
import { type Simulator, startSimulator } from '../helpers/paypal';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { createTestApp, type TestApp } from '../helpers/test-app';

// What an unpaid checkout may hold and the price the shopper saw (docs/payments.md, "Holds"
// and "The price the shopper saw"), with the limits set apart from their defaults so the
// test proves the configuration is read.
const HELD = 4;
const UNPAID = 2;
const HOLD_MINUTES = 30;

let t: TestApp;
let sim: Simulator;
let smtp: TestSmtp;
beforeAll(async () => {
  sim = await startSimulator();
  smtp = await startSmtp();
  t = await createTestApp({
    ...sim.env,
    ...smtp.env,
    ...GUEST_ENV,
    MAX_HELD_PER_LINE: String(HELD),
    MAX_UNPAID_CHECKOUTS: String(UNPAID),
    CHECKOUT_HOLD_MINUTES: String(HOLD_MINUTES),
  });
  await makeDemoPricing(t);
});
afterAll(async () => {
  await t.close();
  await sim.close();
  await smtp.close();
});

const ordersOf = async (email: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(orders)
      .where(sql`lower(${orders.guestEmail}) = ${email.toLowerCase()}`)
  )[0]!.n;

/** A guest with these units in the cart, and the total its quote shows. */
async function guestWithCart(product: { _id: string }, quantity = 1) {
  const guest = makeGuest(t);
  const added = await guest.add({ product: product as never, quantity });
  expect(added.statusCode, added.body).toBe(200);
  const quote = await guest.quote({
    address: { country: guestAddress.country, region: guestAddress.region },
  });
  expect(quote.statusCode, quote.body).toBe(200);
  return { guest, total: quote.json().data.total as number };
}

describe('the defaults', () => {
  it('are 10 units a line, 15 minutes and 3 unpaid checkouts an hour', () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
    expect(config.MAX_HELD_PER_LINE).toBe(10);
    expect(config.CHECKOUT_HOLD_MINUTES).toBe(15);
    expect(config.MAX_UNPAID_CHECKOUTS).toBe(3);
  });
});

describe('the price the shopper saw (expectedTotal)', () => {
  it('refuses a total the price has moved away from with 409, making no order and holding nothing', async () => {
    const product = await makeProduct(t, { price: 40, totalStock: 9 });
    const { guest, total } = await guestWithCart(product, 2);
    // The catalogue's price rises between the quote and the click.
    await t.db.update(products).set({ priceCents: 4500 }).where(eq(products.id, product._id));
    const email = guestEmail();

    const res = await guest.create(email, { expectedTotal: total });
    expect(res.statusCode, res.body).toBe(409);
    const now = await guest.quote({
      address: { country: guestAddress.country, region: guestAddress.region },
    });
    const newTotal = now.json().data.total as number;
    expect(newTotal).toBeGreaterThan(total);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'CONFLICT',
      message: `Prices changed since you looked: the total is now $${newTotal.toFixed(2)}`,
    });
    expect(await ordersOf(email)).toBe(0);
    expect(await stockOf(t, product._id)).toBe(9);

    // The shopper pays the total now shown.
    const again = await guest.create(email, { expectedTotal: newTotal });
    expect(again.statusCode, again.body).toBe(201);
    expect((await orderRow(t, again.json().orderId)).totalCents).toBe(Math.round(newTotal * 100));
    expect(await stockOf(t, product._id)).toBe(7);
  });

  it('makes the order when the total is the one the quote showed', async () => {
    const product = await makeProduct(t, { price: 12.34, totalStock: 5 });
    const { guest, total } = await guestWithCart(product, 3);
    const res = await guest.create(guestEmail(), { expectedTotal: total });
    expect(res.statusCode, res.body).toBe(201);
    expect((await orderRow(t, res.json().orderId)).totalCents).toBe(Math.round(total * 100));
  });

  it('a shopper’s checkout is refused the same way', async () => {
    const product = await makeProduct(t, { price: 30, totalStock: 5 });
    const { user, addressId } = await makeShopperReady(t, [{ product }]);
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/shop/checkout/quote',
      headers: { cookie: user.cookie },
      payload: { userId: user.id, addressId },
    });
    const total = quote.json().data.total as number;
    const stale = await createOrder(t, user, addressId, { expectedTotal: total + 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      `Prices changed since you looked: the total is now $${total.toFixed(2)}`,
    );
    expect(await stockOf(t, product._id)).toBe(5);
    expect((await createOrder(t, user, addressId, { expectedTotal: total })).statusCode).toBe(201);
  });

  it('says in the quote when a cart costs more than one order may', async () => {
    const product = await makeProduct(t, { price: 400_000, totalStock: 5 });
    const { guest } = await guestWithCart(product, 3);
    const quote = await guest.quote({
      address: { country: guestAddress.country, region: guestAddress.region },
    });
    expect(quote.json().data).toMatchObject({
      overMaximum: true,
      message: overMaximumMessage,
    });
    const res = await guest.create(guestEmail());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(quote.json().data.message);
    expect(await stockOf(t, product._id)).toBe(5);
  });
});

describe('what an unpaid checkout may hold', () => {
  it(`refuses a line above MAX_HELD_PER_LINE (${HELD}) with 400 and holds nothing`, async () => {
    const product = await makeProduct(t, { title: 'Hoarded tee', totalStock: 20 });
    const guest = makeGuest(t);
    await guest.add({ product, quantity: HELD + 1 });
    const email = guestEmail();
    const res = await guest.create(email);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      `One order can hold at most ${HELD} of each item: please lower Hoarded tee to ${HELD} to check out`,
    );
    expect(await ordersOf(email)).toBe(0);
    expect(await stockOf(t, product._id)).toBe(20);

    await guest.call({
      method: 'PUT',
      url: '/api/shop/cart/update-cart',
      payload: { userId: 'guest', productId: product._id, quantity: HELD },
    });
    expect((await guest.create(email)).statusCode).toBe(201);
    expect(await stockOf(t, product._id)).toBe(20 - HELD);
  });

  it(`refuses a guest cookie its checkout after ${UNPAID} unpaid ones this hour (429)`, async () => {
    const product = await makeProduct(t, { totalStock: 20 });
    const guest = makeGuest(t);
    await guest.add({ product });
    // Each checkout replaces the one before, and each counts: a new email does not help.
    for (let i = 0; i < UNPAID; i += 1) {
      expect((await guest.create(guestEmail())).statusCode).toBe(201);
    }
    const email = guestEmail();
    const refused = await guest.create(email);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      `You have opened ${UNPAID} checkouts in the last hour without paying. Please pay for your order, or try again in an hour`,
    );
    expect(await ordersOf(email)).toBe(0);
    // The replaced checkouts gave their units back; the last one holds its one.
    expect(await stockOf(t, product._id)).toBe(19);
  });

  it(`refuses an email its checkout after ${UNPAID} unpaid ones this hour, whatever the cookie`, async () => {
    const product = await makeProduct(t, { totalStock: 20 });
    const email = guestEmail();
    for (let i = 0; i < UNPAID; i += 1) {
      const guest = makeGuest(t);
      await guest.add({ product });
      // The count ignores the email's case.
      const res = await guest.create(i === 0 ? email : email.toUpperCase());
      expect(res.statusCode, res.body).toBe(201);
    }
    const fresh = makeGuest(t);
    await fresh.add({ product });
    const refused = await fresh.create(email);
    expect(refused.statusCode).toBe(429);
    expect(await ordersOf(email)).toBe(UNPAID);
    expect(await stockOf(t, product._id)).toBe(20 - UNPAID);
    // Another email from a fresh cookie still checks out.
    const other = makeGuest(t);
    await other.add({ product });
    expect((await other.create(guestEmail())).statusCode).toBe(201);
  });

  it(`refuses an account its checkout after ${UNPAID} unpaid ones this hour`, async () => {
    const product = await makeProduct(t, { totalStock: 20 });
    const { user, addressId } = await makeShopperReady(t, [{ product }]);
    for (let i = 0; i < UNPAID; i += 1) {
      expect((await createOrder(t, user, addressId)).statusCode).toBe(201);
    }
    expect((await createOrder(t, user, addressId)).statusCode).toBe(429);
  });

  it(`expires an unpaid checkout after CHECKOUT_HOLD_MINUTES (${HOLD_MINUTES}), not before`, async () => {
    const product = await makeProduct(t, { totalStock: 6 });
    const { guest } = await guestWithCart(product, 2);
    const { orderId } = (await guest.create(guestEmail())).json();
    expect(await stockOf(t, product._id)).toBe(4);
    const { checkout } = t.app.services;
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000);

    // The default 15 minutes are not what counts here.
    await checkout.expireStale(at(HOLD_MINUTES - 2));
    expect((await orderRow(t, orderId)).paymentStatus).toBe('pending');
    expect(await stockOf(t, product._id)).toBe(4);

    await checkout.expireStale(at(HOLD_MINUTES + 1));
    expect(await orderRow(t, orderId)).toMatchObject({
      orderStatus: 'cancelled',
      paymentStatus: 'cancelled',
    });
    expect(await stockOf(t, product._id)).toBe(6);
  });
});

describe('the recipient’s name', () => {
  it('is required of a guest (400 naming the field) and at most 100 characters', async () => {
    const product = await makeProduct(t, { totalStock: 5 });
    const guest = makeGuest(t);
    await guest.add({ product });
    const email = guestEmail();
    const { name: _name, ...unnamed } = guestAddress;
    for (const addressInfo of [unnamed, { ...guestAddress, name: '  ' }]) {
      const res = await guest.create(email, { addressInfo });
      expect(res.statusCode, JSON.stringify(addressInfo)).toBe(400);
      expect(res.json().message).toBe('addressInfo.name is required');
    }
    const long = await guest.create(email, {
      addressInfo: { ...guestAddress, name: 'N'.repeat(101) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('addressInfo.name must be at most 100 characters');
    expect(await ordersOf(email)).toBe(0);
    expect(await stockOf(t, product._id)).toBe(5);
  });

  it('is kept on the order and greets the recipient in its emails and the withdrawal’s acknowledgment', async () => {
    const product = await makeProduct(t, { title: 'Named parcel', totalStock: 5 });
    const addressInfo = { ...guestAddress, name: 'Rosa Recipient' };
    const { email, order, orderId } = await makeGuestPaidOrder(t, [{ product }], guestEmail(), {
      addressInfo,
    });
    expect(order.addressInfo.name).toBe('Rosa Recipient');
    expect((await orderRow(t, orderId)).recipientName).toBe('Rosa Recipient');

    const [confirmation] = await smtp.waitFor(1, email);
    expect(confirmation!.text).toContain('Hello Rosa Recipient,');
    // The delivery address of the message is the label's: the name first.
    expect(confirmation!.text).toMatch(/Delivery address\s+Rosa Recipient\s+7 Visitor Road/);
    // Its region and country too, as a parcel's label gives them.
    expect(confirmation!.text).toMatch(/Sacramento CA 95814\s+United States\s+\+1 555 0199/);

    const withdrawn = await t.app.inject({
      method: 'POST',
      url: '/api/shop/withdrawals',
      payload: { orderNumber: order.orderNumber, email, name: 'Rosa Recipient' },
    });
    expect(withdrawn.statusCode).toBe(202);
    const mails = await smtp.waitFor(2, email);
    const ack = mails.find((m) => m.subject.startsWith('Acknowledgment of your withdrawal'));
    expect(ack?.text).toContain('Hello Rosa Recipient,');
  });
});
