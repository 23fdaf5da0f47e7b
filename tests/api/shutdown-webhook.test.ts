import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/client';
import { gracefulShutdown } from '../../server/src/lib/graceful-shutdown';
import { orderRow } from '../factories/checkout';
import { checkout, openShop, press, type Shop, webhookRowsIn } from '../helpers/simulator-shops';
import { createTestDatabase } from '../helpers/test-app';

// The built-in PayPal simulator sends its webhooks half a second after a payment, through
// app.inject: no socket, so a shutdown did not see them. One sent while the server shut down
// reached the database after main.ts had ended its pool ("Cannot use a pool after calling end
// on the pool"). A shutdown now waits for them as for requests in flight.
let database: Database & { url?: string };
let shop: Shop;
beforeAll(async () => {
  database = await createTestDatabase();
  shop = await openShop(database);
});
afterAll(async () => {
  await database?.close();
});

it('finishes a webhook the simulator is about to send before the app closes', async () => {
  const { token, orderId, page } = await checkout(shop);
  expect((await shop.app.inject({ method: 'GET', url: page })).statusCode).toBe(200);
  expect((await press(shop, 'approve', token)).statusCode).toBe(303);
  // The approval's webhook is due in 500 ms; the shutdown starts now and would be done in 300.
  const started = Date.now();
  await gracefulShutdown(shop.app).close();
  expect(Date.now() - started).toBeGreaterThanOrEqual(450);
  // Handled in full while the pool was open: recorded, and the order captured through it.
  expect(await webhookRowsIn(shop, 'CHECKOUT.ORDER.APPROVED', token)).toBe(1);
  expect(await orderRow(shop, orderId)).toMatchObject({ paymentStatus: 'paid' });
});
