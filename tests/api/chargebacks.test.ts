import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, paymentReversals } from '../../server/src/db/schema';
import type { WebhookDelivery } from '../../server/src/modules/payments/simulator/simulator-webhooks';
import { makePaidOrder, orderRow, paymentRow } from '../factories/checkout';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import {
  chargeback,
  openDispute,
  resolveDispute,
  type Simulator,
  startSimulator,
} from '../helpers/paypal';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Chargebacks (PAYMENT.CAPTURE.REVERSED) and disputes (CUSTOMER.DISPUTE.*): recorded on the
// order once, revenue net of them, and no further shipment without an admin's "Ship anyway".
const WEBHOOK_ID = 'WH-TEST-DISPUTES';
let t: TestApp;
let sim: Simulator;
let admin: TestUser;
const delivered: WebhookDelivery[] = [];
const answers = new Map<WebhookDelivery, { status: number; message: string }>();
beforeAll(async () => {
  sim = await startSimulator({ webhook: { url: 'http://shop.invalid/hook', id: WEBHOOK_ID } });
  t = await createTestApp({ ...sim.env, PAYPAL_WEBHOOK_ID: WEBHOOK_ID });
  admin = await makeUser(t, { role: 'admin' });
  sim.state.webhook!.deliver = async (d) => {
    delivered.push(d);
    const res = await send(d);
    answers.set(d, { status: res.statusCode, message: res.json().message });
  };
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const send = (d: { body: string; headers: Record<string, string> }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/paypal/webhook',
    headers: d.headers,
    payload: d.body,
  });

async function until(check: () => Promise<boolean> | boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

const eventOf = (type: string) => delivered.filter((d) => d.body.includes(`"${type}"`)).at(-1)!;

const ship = (orderId: string, lineId: string, trackingNumber = '1Z 777') =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/shipments`,
    headers: { cookie: admin.cookie },
    payload: { lines: [{ lineId, quantity: 1 }], carrier: 'ups', trackingNumber },
  });

const shipAnyway = (orderId: string, cookie: string | null = admin.cookie) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/ship-override`,
    headers: cookie ? { cookie } : {},
  });

/** The dashboard's revenue, and today's in its sales by day. */
async function revenue() {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/admin/stats/dashboard',
    headers: { cookie: admin.cookie },
  });
  const { revenue, salesByDay } = res.json().data as {
    revenue: number;
    salesByDay: { date: string; revenue: number }[];
  };
  return { total: revenue, today: salesByDay.at(-1)!.revenue };
}

/** What the customers list says the shopper spent. */
async function spentBy(email: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/customers?search=${encodeURIComponent(email)}`,
    headers: { cookie: admin.cookie },
  });
  return (res.json().data as { email: string; totalSpent: number }[]).find((c) => c.email === email)
    ?.totalSpent;
}

const details = async (orderId: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/details/${orderId}`,
      headers: { cookie: admin.cookie },
    })
  ).json().data;

/** A paid order of two shirts at $30, with its capture id and one line. */
async function paidOrder() {
  const product = await makeProduct(t, { price: 30, totalStock: 10 });
  const paid = await makePaidOrder(t, [{ product, quantity: 2 }]);
  const { captureId: paymentId } = await paymentRow(t, paid.orderId);
  return { ...paid, captureId: paymentId, lineId: paid.order.cartItems[0]!.lineId };
}

describe('PAYMENT.CAPTURE.REVERSED (a chargeback)', () => {
  it('records the reversed amount once, takes it off revenue, and holds shipping until "Ship anyway"', async () => {
    const { orderId, captureId, lineId, user } = await paidOrder();
    const before = await revenue();
    expect(await spentBy(user.email)).toBe(60);

    const reversed = await chargeback(sim, captureId);
    expect(reversed.status).toBe(201);
    // The webhook's answer, not the row: on PostgreSQL the row is seen before the reply is back.
    expect(await until(() => answers.has(eventOf('PAYMENT.CAPTURE.REVERSED')))).toBe(true);
    const event = eventOf('PAYMENT.CAPTURE.REVERSED');
    expect(answers.get(event)).toEqual({ status: 200, message: 'processed' });
    expect((await orderRow(t, orderId)).reversedCents).toBe(6000);
    // Revenue, today's sales and the customer's spend are all net of the chargeback.
    const after = await revenue();
    expect(after.total).toBeCloseTo(before.total - 60, 2);
    expect(after.today).toBeCloseTo(before.today - 60, 2);
    expect(await spentBy(user.email)).toBe(0);
    expect((await details(orderId)).reversedAmount).toBe(60);

    // A replay of the event, and the same reversal under a new event id, change nothing.
    expect((await send(event)).json().message).toBe('replayed');
    const again = sim.state.signedDelivery(
      { ...JSON.parse(event.body), id: 'WH-REDELIVERED-REVERSAL' },
      sim.url,
    );
    expect((await send(again)).statusCode).toBe(200);
    expect((await orderRow(t, orderId)).reversedCents).toBe(6000);
    const rows = await t.db
      .select()
      .from(paymentReversals)
      .where(eq(paymentReversals.orderId, orderId));
    expect(rows).toHaveLength(1);
    // The simulator answers the capture as PayPal does after a chargeback.
    const capture = await t.app.services.payments.client.getCapture(captureId);
    expect(capture).toMatchObject({ status: 'REFUNDED', status_details: { reason: 'CHARGEBACK' } });
    // A second chargeback of the same capture is refused by the simulator.
    expect((await chargeback(sim, captureId)).status).toBe(422);

    // Charged back: no parcel leaves, nor can the order be marked shipped.
    const refused = await ship(orderId, lineId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('Ship anyway');
    const marked = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/orders/update/${orderId}`,
      headers: { cookie: admin.cookie },
      payload: { orderStatus: 'inShipping' },
    });
    expect(marked.statusCode).toBe(409);

    // The admin decides to ship anyway: audited, and shipping goes on.
    const override = await shipAnyway(orderId);
    expect(override.statusCode).toBe(200);
    expect(override.json().data.shipOverride.at).toEqual(expect.any(String));
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entityId, orderId));
    expect(entries.map((e) => e.action)).toContain('order.ship-override');
    expect(entries.find((e) => e.action === 'order.ship-override')?.actorId).toBe(admin.id);
    expect((await ship(orderId, lineId)).statusCode).toBe(201);
    // Twice is refused: nothing is held any more.
    expect((await shipAnyway(orderId)).statusCode).toBe(409);
  });

  it('refuses a chargeback of more than is left of the payment: flagged, not recorded', async () => {
    const { orderId, captureId } = await paidOrder();
    await chargeback(sim, captureId);
    await until(async () => (await orderRow(t, orderId)).reversedCents === 6000);
    const event = eventOf('PAYMENT.CAPTURE.REVERSED');
    const body = JSON.parse(event.body);
    // Another reversal of the same capture for the whole amount again.
    const tooMuch = sim.state.signedDelivery(
      { ...body, id: 'WH-SECOND-REVERSAL', resource: { ...body.resource, id: 'REVERSAL2X' } },
      sim.url,
    );
    const res = await send(tooMuch);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('flagged');
    const row = await orderRow(t, orderId);
    expect(row.reversedCents).toBe(6000);
    expect(row.amountMismatch).toMatchObject({ kind: 'reversal', seen: 'USD 60.00' });
  });

  it('the ship-override route asks for a session with the refunds permission before anything', async () => {
    const { orderId } = await paidOrder();
    expect((await shipAnyway(orderId, null)).statusCode).toBe(401);
    expect((await shipAnyway('not-an-id', null)).statusCode).toBe(401);
    const shopper = await makeUser(t);
    expect((await shipAnyway(orderId, shopper.cookie)).statusCode).toBe(403);
    expect((await shipAnyway('not-an-id')).statusCode).toBe(404);
    // Nothing holds a paid order without a dispute: 409, nothing written.
    expect((await shipAnyway(orderId)).statusCode).toBe(409);
    expect((await orderRow(t, orderId)).shipOverrideAt).toBeNull();
  });
});

describe('CUSTOMER.DISPUTE.CREATED / RESOLVED', () => {
  it('an open dispute holds shipping; resolving it clears the hold and keeps the outcome', async () => {
    const { orderId, captureId, lineId } = await paidOrder();
    const disputeId = await openDispute(sim, captureId);
    expect(await until(async () => (await orderRow(t, orderId)).disputeStatus === 'open')).toBe(
      true,
    );
    expect((await details(orderId)).dispute).toEqual({
      status: 'open',
      id: disputeId,
      outcome: '',
    });
    expect((await ship(orderId, lineId)).statusCode).toBe(409);
    const opened = eventOf('CUSTOMER.DISPUTE.CREATED');

    expect((await resolveDispute(sim, disputeId, captureId)).status).toBe(200);
    expect(await until(async () => (await orderRow(t, orderId)).disputeStatus === 'resolved')).toBe(
      true,
    );
    expect((await orderRow(t, orderId)).disputeOutcome).toBe('RESOLVED_SELLER_FAVOUR');
    // A late update of the same dispute (a new event id) does not reopen it.
    const late = sim.state.signedDelivery(
      { ...JSON.parse(opened.body), id: 'WH-LATE-UPDATE', event_type: 'CUSTOMER.DISPUTE.UPDATED' },
      sim.url,
    );
    expect((await send(late)).statusCode).toBe(200);
    expect((await orderRow(t, orderId)).disputeStatus).toBe('resolved');
    expect((await ship(orderId, lineId)).statusCode).toBe(201);
  });

  it('a new dispute after "Ship anyway" holds shipping again', async () => {
    const { orderId, captureId, lineId } = await paidOrder();
    await openDispute(sim, captureId);
    await until(async () => (await orderRow(t, orderId)).disputeStatus === 'open');
    expect((await shipAnyway(orderId)).statusCode).toBe(200);
    await openDispute(sim, captureId);
    expect(await until(async () => (await orderRow(t, orderId)).shipOverrideAt === null)).toBe(
      true,
    );
    expect((await ship(orderId, lineId)).statusCode).toBe(409);
  });

  it('a delivery whose signature PayPal does not confirm changes nothing', async () => {
    const { orderId, captureId } = await paidOrder();
    const forged = sim.state.signedDelivery(
      {
        id: 'WH-FORGED-DISPUTE',
        event_type: 'CUSTOMER.DISPUTE.CREATED',
        resource: {
          dispute_id: 'PP-D-1',
          status: 'OPEN',
          disputed_transactions: [{ seller_transaction_id: captureId }],
        },
      },
      sim.url,
    );
    const res = await send({
      body: forged.body,
      headers: { ...forged.headers, 'paypal-transmission-sig': 'forged' },
    });
    expect(res.statusCode).toBe(400);
    expect((await orderRow(t, orderId)).disputeStatus).toBe('none');
  });
});

describe("the simulator's dispute controls", () => {
  it('refuse without a token, without a capture, with an unknown outcome or capture', async () => {
    const unsigned = await fetch(`${sim.url}/v1/simulator/disputes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ capture_id: 'X' }),
    });
    expect(unsigned.status).toBe(401);
    await expect(openDispute(sim, '')).rejects.toThrow('(400)');
    await expect(openDispute(sim, 'NO-SUCH-CAPTURE')).rejects.toThrow('(404)');
    const { captureId } = await paidOrder();
    const badOutcome = await resolveDispute(sim, 'PP-D-1', captureId, 'WON_BY_MAGIC');
    expect(badOutcome.status).toBe(400);
    expect(JSON.stringify(badOutcome.body)).toContain('a known outcome_code');
    expect((await resolveDispute(sim, 'PP-D-1', 'NO-SUCH-CAPTURE')).status).toBe(404);
  });
});
