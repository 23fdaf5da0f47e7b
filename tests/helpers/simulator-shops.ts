import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { type Database, openPostgres } from '../../server/src/db/client';
import { paypalSimOrders, webhookEvents } from '../../server/src/db/schema';
import { createOrder, makeShopperReady } from '../factories/checkout';
import { makeProduct } from '../factories/products';
import { asOwnPages, type TestApp } from './test-app';

// Shop instances on one shared database, each recording the webhooks the built-in PayPal
// simulator delivers, for the simulator-shared-state tests (issue 23).
// One secret for every instance, as behind a load balancer, so a session works on any of them.
const SESSION_SECRET = randomBytes(32).toString('hex');
export const WEBHOOK_PATH = '/api/payments/paypal/webhook';
const SANDBOX = '/paypal-sandbox';
export type Delivery = { headers: Record<string, string>; body: string };
export type Shop = TestApp & { deliveries: Delivery[] };

export async function openShop(database: Database & { url?: string }): Promise<Shop> {
  const own = database.url ? openPostgres({ url: database.url }) : database;
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shop-test-')),
    }),
    database: own,
    sessionSecret: SESSION_SECRET,
    webRoot: '/nonexistent',
    renderer: null,
  });
  await app.ready();
  const injectAsIs = asOwnPages(app);
  // The simulator delivers its webhooks through app.inject, which its plugin's instance
  // inherits from this one: keep a copy of each.
  const deliveries: Delivery[] = [];
  const inject = app.inject;
  const recording = (opts: InjectOptions | string) => {
    if (typeof opts === 'object' && opts.url === WEBHOOK_PATH) {
      deliveries.push({
        headers: opts.headers as Record<string, string>,
        body: String(opts.payload),
      });
    }
    return inject(opts as InjectOptions);
  };
  Object.assign(app, { inject: recording });
  return {
    app,
    injectAsIs,
    db: own.db,
    database: own,
    deliveries,
    async close() {
      await app.close();
      if (own !== database) await own.close();
    },
  };
}

export async function until(check: () => Promise<boolean> | boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A pending order checked out on `shop`, and where PayPal's approval page is. */
export async function checkout(shop: Shop, price = 40) {
  const product = await makeProduct(shop, { price, totalStock: 5 });
  const { user, addressId } = await makeShopperReady(shop, [{ product }]);
  const created = await createOrder(shop, user, addressId);
  expect(created.statusCode).toBe(201);
  const { approvalURL, orderId } = created.json() as { approvalURL: string; orderId: string };
  const url = new URL(approvalURL);
  return {
    user,
    orderId,
    page: `${url.pathname}${url.search}`,
    token: url.searchParams.get('token')!,
  };
}

export const approvalPage = (shop: Shop, page: string) =>
  shop.app.inject({ method: 'GET', url: page });

export const press = (shop: Shop, button: 'approve' | 'cancel', token: string) =>
  shop.app.inject({
    method: 'POST',
    url: `${SANDBOX}/checkoutnow/${button}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token }).toString(),
  });

/** The simulator's row of a payment, read through `shop`. */
export const simOrderIn = async (shop: Shop, token: string) =>
  (await shop.db.select().from(paypalSimOrders).where(eq(paypalSimOrders.id, token)))[0];

/** An access token from the shop's built-in simulator, as the shop's PayPal client gets one. */
export async function accessToken(shop: Shop) {
  const res = await shop.app.inject({
    method: 'POST',
    url: `${SANDBOX}/v1/oauth2/token`,
    headers: {
      authorization: `Basic ${Buffer.from('sandbox-client-id:sandbox-client-secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: 'grant_type=client_credentials',
  });
  expect(res.statusCode).toBe(200);
  return res.json().access_token as string;
}

export const paypalCall = (
  shop: Shop,
  token: string,
  url: string,
  payload: object,
  requestId: string,
) =>
  shop.app.inject({
    method: 'POST',
    url: `${SANDBOX}${url}`,
    headers: { authorization: `Bearer ${token}`, 'paypal-request-id': requestId },
    payload,
  });

export const eventsOf = (deliveries: Delivery[], type: string, resourceId: string) =>
  deliveries.filter(
    (d) => d.body.includes(`"event_type":"${type}"`) && d.body.includes(resourceId),
  );

/** How many webhook events of this type and resource the shop has recorded. */
export async function webhookRowsIn(shop: Shop, eventType: string, resourceId: string) {
  const rows = await shop.db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.eventType, eventType), eq(webhookEvents.resourceId, resourceId)));
  return rows.length;
}
