import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippingZones, taxRates } from '../../server/src/db/schema';
import { makeShopperReady } from '../factories/checkout';
import { makeDemoPricing } from '../factories/pricing';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, startSecondInstance, type TestApp } from '../helpers/test-app';

// Issue 25: zones, methods and tax rates are kept in memory by each instance (a quote reads
// them on every call). A change must reach every instance's quotes: this instance's own writes
// at once, another instance's and a hand-written SQL change through the tables' NOTIFY.
let t: TestApp;
let other: FastifyInstance;
let admin: TestUser;
let shopper: TestUser;
let demo: Awaited<ReturnType<typeof makeDemoPricing>>;

beforeAll(async () => {
  t = await createTestApp();
  other = await startSecondInstance(t);
  demo = await makeDemoPricing(t);
  admin = await makeUser(t, { role: 'admin' });
  const product = await makeProduct(t, { price: 40, totalStock: 50 });
  ({ user: shopper } = await makeShopperReady(t, [{ product, quantity: 1 }]));
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const quote = async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/shop/checkout/quote',
    headers: { cookie: shopper.cookie },
    payload: { address: { country: 'US', region: 'CA' } },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { shipping: number; tax: number; shippable: boolean };
};

/** Quotes until `seen` holds, for at most 3 s (a NOTIFY arrives within milliseconds). */
async function eventually(seen: (q: Awaited<ReturnType<typeof quote>>) => boolean) {
  const until = Date.now() + 3000;
  for (;;) {
    const q = await quote();
    if (seen(q) || Date.now() > until) return q;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('shipping and tax settings kept in memory', () => {
  it('follows this instance’s own admin edit at once', async () => {
    expect((await quote()).shipping).toBe(5.99);
    const body = {
      name: demo.us.name,
      countries: demo.us.countries,
      regions: demo.us.regions,
      methods: demo.us.methods.map((m) => ({
        ...m,
        price: m._id === demo.standard._id ? 4.5 : m.price,
      })),
    };
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/shipping-zones/edit/${demo.us._id}`,
      headers: { cookie: admin.cookie },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect((await quote()).shipping).toBe(4.5);
  });

  it('follows a change made through another instance', async () => {
    const otherAdmin = await makeUser({ ...t, app: other }, { role: 'admin' });
    const res = await other.inject({
      method: 'DELETE',
      url: `/api/admin/shipping-zones/delete/${demo.us._id}`,
      headers: { cookie: otherAdmin.cookie },
    });
    expect(res.statusCode).toBe(200);
    const q = await eventually((x) => !x.shippable);
    expect(q.shippable).toBe(false);
  });

  it('follows tax rates and zones changed by hand in SQL', async () => {
    const before = await quote();
    await t.db.update(taxRates).set({ rate: 10_000 }).where(eq(taxRates.country, 'US'));
    const taxed = await eventually((x) => x.tax !== before.tax);
    expect(taxed.tax).toBe(4); // 10% of 40
    // No zone left at all: the shop charges no shipping and ships anywhere again.
    expect(before.shippable).toBe(false);
    await t.db.delete(shippingZones);
    expect((await eventually((x) => x.shippable)).shippable).toBe(true);
  });
});
