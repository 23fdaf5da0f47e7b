import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bootstrap } from '../../server/src/bootstrap';
import { createAdmin } from '../../server/src/cli/admin-create';
import { users } from '../../server/src/db/schema';
import { demoProducts } from '../../server/src/modules/seed/demo-catalog';
import { demoShippingZones, demoTaxRates } from '../../server/src/modules/seed/demo-pricing';
import { makeUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

// A first start killed midway (SIGKILL, a crash) is finished by the next start. SEED_DEMO=true,
// so that it runs the same on PostgreSQL, which is seeded only when asked.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shop-bootstrap-')),
    SEED_DEMO: 'true',
  });
}, 60_000);
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const start = (config = t.app.config) =>
  bootstrap({ config, database: t.database, services: t.app.services, log: t.app.log });

/** The `nth` call of `target.add` fails, as if the process had died there. */
function dieOnAdd<A extends unknown[], R>(
  target: { add: (...args: A) => Promise<R> },
  nth: number,
) {
  const add = target.add.bind(target);
  let calls = 0;
  vi.spyOn(target, 'add').mockImplementation((...args: A) => {
    calls += 1;
    return calls === nth ? Promise.reject(new Error('killed')) : add(...args);
  });
}

async function shop() {
  const { catalog, features, shipping, taxes, discounts } = t.app.services;
  const [{ value: accounts } = { value: 0 }] = await t.db.select({ value: count() }).from(users);
  return {
    accounts,
    products: (await catalog.listForAdmin()).map((p) => p.title).sort(),
    banners: (await features.list()).map((b) => b.title),
    zones: (await shipping.list()).map((z) => z.name),
    taxRates: (await taxes.list()).length,
    codes: (await discounts.list()).map((d) => d.code),
  };
}

const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('an interrupted first start', () => {
  it('is finished by the next start, never doubled, and the demo admin comes last', async () => {
    const { features, shipping } = t.app.services;
    dieOnAdd(features, 2);
    await expect(start()).rejects.toThrow('killed');
    vi.restoreAllMocks();
    // The catalogue is in, one banner of three: no admin yet, so the shop still counts as new.
    let now = await shop();
    expect(now.products).toHaveLength(demoProducts.length);
    expect(now.banners).toHaveLength(1);
    expect(now.accounts).toBe(0);

    dieOnAdd(shipping, 2);
    await expect(start()).rejects.toThrow('killed');
    vi.restoreAllMocks();
    now = await shop();
    expect(now.banners).toHaveLength(3);
    expect(now.zones).toHaveLength(1);
    expect(now.accounts).toBe(0);

    const { demoAdmin } = await start();
    expect(demoAdmin?.email).toBe('admin@shop.local');
    const seeded = await shop();
    expect(seeded).toEqual({
      accounts: 1,
      products: demoProducts.map((p) => p.title).sort(),
      banners: [...new Set(seeded.banners)],
      zones: demoShippingZones.map((z) => z.name),
      taxRates: demoTaxRates.length,
      codes: ['WELCOME10'],
    });
    expect(seeded.banners).toHaveLength(3);
    const res = await signIn(demoAdmin!.email, demoAdmin!.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('admin');

    // Made: a later start adds nothing and shows no password again.
    expect(await start()).toEqual({});
    expect(await shop()).toEqual(seeded);
  }, 240_000);

  it('leaves a way in when the demo admin was made but its password never shown', async () => {
    // main.ts prints the password after listening: a start killed before then loses it.
    await makeUser(t, { role: 'admin', email: 'admin@shop.local' });
    const config = {
      ...t.app.config,
      ADMIN_EMAIL: 'admin@shop.local',
      ADMIN_PASSWORD: 'chosen by the operator',
    };
    expect(await start(config)).toEqual({});
    expect((await signIn('admin@shop.local', 'chosen by the operator')).statusCode).toBe(200);

    await createAdmin(t.app.services, {
      email: 'admin@shop.local',
      password: 'set again from the CLI',
      userName: 'Admin',
    });
    expect((await signIn('admin@shop.local', 'set again from the CLI')).statusCode).toBe(200);
  });
});
