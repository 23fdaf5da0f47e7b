import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/client';
import { orderCall, orderRow } from '../factories/checkout';
import {
  approvalPage,
  checkout,
  openShop,
  type Shop,
  simOrderIn,
  until,
} from '../helpers/simulator-shops';
import { createTestDatabase } from '../helpers/test-app';

// The built-in simulator's PENDING capture, kept in the shop's database: the buyer's choice is
// stored with the PayPal order, any instance ends the review, and of two racing ends one moves
// the capture and sends the webhook.
let database: Database & { url?: string };
let a: Shop;
let b: Shop;
beforeAll(async () => {
  database = await createTestDatabase();
  a = await openShop(database);
  b = await openShop(database);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await database?.close();
});

const form = (shop: Shop, action: string, fields: Record<string, string>) =>
  shop.app.inject({
    method: 'POST',
    url: `/paypal-sandbox/checkoutnow/${action}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

describe('the sandbox bank review', () => {
  it('stores the buyer choice, shows the review, and ends it once across instances', async () => {
    const { user, orderId, page, token } = await checkout(a);
    const shown = await approvalPage(b, page);
    expect(shown.body).toContain('Let the bank review it');
    expect(shown.body).toContain('Let the bank decline it');
    expect((await form(a, 'approve', { token, outcome: 'SOMETHING' })).statusCode).toBe(400);
    expect((await form(a, 'approve', { token, outcome: 'PENDING' })).statusCode).toBe(303);
    expect(await simOrderIn(a, token)).toMatchObject({ captureOutcome: 'PENDING' });

    const captured = await orderCall(b, user, 'capture', { orderId, paymentId: token });
    expect(captured.json().data.paymentStatus).toBe('pending_capture');
    expect(await simOrderIn(a, token)).toMatchObject({
      status: 'COMPLETED',
      captureStatus: 'PENDING',
      captureReason: 'PENDING_REVIEW',
    });
    const review = await approvalPage(a, page);
    expect(review.body).toContain('This payment is under review');

    const ends = await Promise.all([
      form(a, 'settle', { token, outcome: 'COMPLETED' }),
      form(b, 'settle', { token, outcome: 'COMPLETED' }),
    ]);
    expect(ends.map((r) => r.statusCode)).toEqual([200, 200]);
    const completedEvents = () =>
      [...a.deliveries, ...b.deliveries].filter((d) =>
        d.body.includes('"PAYMENT.CAPTURE.COMPLETED"'),
      );
    await until(async () => (await orderRow(a, orderId)).paymentStatus === 'paid');
    await new Promise((r) => setTimeout(r, 700));
    expect(completedEvents()).toHaveLength(1);
    expect(await simOrderIn(a, token)).toMatchObject({ captureStatus: 'COMPLETED' });
    // A review already ended stays as it ended.
    await form(b, 'settle', { token, outcome: 'DENIED' });
    expect(await simOrderIn(a, token)).toMatchObject({ captureStatus: 'COMPLETED' });
  });
});
