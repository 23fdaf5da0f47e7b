import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, auditLog, orders } from '../../server/src/db/schema';
import { createOrder } from '../factories/checkout';
import { zone } from '../factories/pricing';
import { makeProduct } from '../factories/products';
import { makeStaff } from '../factories/staff';
import { makeUser, type TestUser } from '../factories/users';
import { createPayPalTestApp, type PayPalTestApp } from '../helpers/paypal';

// No silent 0%: a destination no tax rule prices is refused at quote and checkout, a country
// is priced at 0% only when the admin marks it "no tax here", and a US address names the state
// its ZIP is in. Each test uses countries of its own: the shop's settings are shared.

let t: PayPalTestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createPayPalTestApp();
  admin = await makeUser(t, { role: 'admin' });
  const method = { name: 'Post', price: 5, freeOver: null, tiers: [], minDays: 2, maxDays: 6 };
  const { shipping, taxes } = t.app.services;
  await shipping.add(zone({ name: 'Home', countries: ['US'], methods: [method] }));
  await shipping.add(zone({ name: 'Europe', countries: ['FR', 'BE', 'NL'], methods: [method] }));
  await shipping.add(zone({ name: 'Canada', countries: ['CA'], methods: [method] }));
  await taxes.add({ country: 'US', region: 'CA', name: 'CA tax', rate: 7.25, taxShipping: false });
  await taxes.add({ country: 'US', region: 'NY', name: 'NY tax', rate: 8.875, taxShipping: true });
  await taxes.add({ country: 'CA', region: 'ON', name: 'HST', rate: 13, taxShipping: true });
});
afterAll(() => t.close());

const call = (
  user: TestUser | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: user ? { cookie: user.cookie } : {},
    ...(payload ? { payload } : {}),
  });

type Place = { country: string; region?: string; pincode: string };

/** A shopper with a $40 item in the cart and one address saved there. */
async function shopperIn(place: Place) {
  const user = await makeUser(t);
  const product = await makeProduct(t, { price: 40, totalStock: 50 });
  const added = await call(user, 'POST', '/api/shop/cart/add', {
    userId: user.id,
    productId: product._id,
    quantity: 1,
  });
  expect(added.statusCode, added.body).toBe(200);
  const saved = await call(user, 'POST', '/api/shop/address/add', {
    userId: user.id,
    address: '1 Rue Test',
    city: 'Town',
    phone: '555 0100',
    notes: '-',
    ...place,
  });
  expect(saved.statusCode, saved.body).toBe(201);
  return { user, addressId: saved.json().data._id as string };
}

const quote = (user: TestUser, addressId: string) =>
  call(user, 'POST', '/api/shop/checkout/quote', { addressId });

const ordersOf = async (user: TestUser) =>
  (await t.db.select().from(orders).where(eq(orders.userId, user.id))).length;

describe('a destination no tax rule prices', () => {
  it('is refused at quote and checkout with a message, never priced at 0%', async () => {
    const { user, addressId } = await shopperIn({ country: 'FR', pincode: '75001' });
    const quoted = await quote(user, addressId);
    expect(quoted.statusCode).toBe(400);
    expect(quoted.json().message).toBe(
      "We can't calculate tax for deliveries to France yet; please contact us",
    );
    const created = await createOrder(t, user, addressId);
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toBe(quoted.json().message);
    expect(await ordersOf(user)).toBe(0);
  });

  it('is priced at 0% on purpose once the admin marks its country "no tax here"', async () => {
    const { user, addressId } = await shopperIn({ country: 'BE', pincode: '1000' });
    expect((await quote(user, addressId)).statusCode).toBe(400);
    const marked = await call(admin, 'POST', '/api/admin/tax-rates/no-tax/add', { country: 'be' });
    expect(marked.statusCode, marked.body).toBe(201);
    expect(marked.json().data).toEqual({ _id: 'BE', country: 'BE', setByUpgrade: false });
    const quoted = await quote(user, addressId);
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json().data).toMatchObject({ subtotal: 40, shipping: 5, tax: 0, total: 45 });
    expect((await createOrder(t, user, addressId)).statusCode).toBe(201);

    const removed = await call(admin, 'DELETE', '/api/admin/tax-rates/no-tax/delete/BE');
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await quote(user, addressId)).statusCode).toBe(400);
  });

  it('in a country priced by region: needs the region, and one no rule names needs a country-wide rate', async () => {
    const user = await makeUser(t);
    const fields = { address: '1 Rue Test', city: 'Montréal', phone: '555', notes: '-' };
    const place = { country: 'CA', region: '', pincode: 'H2X 1Y4' };
    const unsaved = await call(user, 'POST', '/api/shop/address/add', {
      userId: user.id,
      ...fields,
      ...place,
    });
    expect(unsaved.statusCode).toBe(400);
    expect(unsaved.json().message).toBe(
      'region: is required for deliveries to Canada: tax there depends on it',
    );
    const typed = await call(user, 'POST', '/api/shop/checkout/quote', { address: place });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().message).toBe(
      'Please edit the address: the state or region is required for deliveries to Canada, where tax depends on it',
    );
    // France has no region rate: its addresses need none.
    const paris = await call(user, 'POST', '/api/shop/address/add', {
      userId: user.id,
      ...fields,
      country: 'FR',
      pincode: '75001',
    });
    expect(paris.statusCode, paris.body).toBe(201);
    const ontario = await shopperIn({ country: 'CA', region: 'on', pincode: 'M5H 2N2' });
    expect((await quote(ontario.user, ontario.addressId)).json().data.tax).toBe(5.85);
    const quebec = await shopperIn({ country: 'CA', region: 'QC', pincode: 'H2X 1Y4' });
    const refused = await quote(quebec.user, quebec.addressId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      "We can't calculate tax for deliveries to Quebec, Canada yet; please contact us",
    );
    expect((await createOrder(t, quebec.user, quebec.addressId)).statusCode).toBe(400);
    await t.app.services.taxes.add({
      country: 'CA',
      region: '',
      name: 'GST',
      rate: 5,
      taxShipping: true,
    });
    const gst = await quote(quebec.user, quebec.addressId);
    expect(gst.statusCode, gst.body).toBe(200);
    expect(gst.json().data).toMatchObject({ tax: 2.25, taxLines: [{ name: 'GST', rate: 5 }] });
  });

  it('in the US: a state without a rate is refused until the US has a country-wide rate or the mark', async () => {
    const { user, addressId } = await shopperIn({ country: 'US', region: 'TX', pincode: '73301' });
    const refused = await quote(user, addressId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      "We can't calculate tax for deliveries to Texas, United States yet; please contact us",
    );
    const guestPlace = await call(user, 'POST', '/api/shop/checkout/quote', {
      address: { country: 'US', region: 'CA' },
    });
    expect(guestPlace.json().data.tax).toBe(2.9);
  });
});

describe('a US address', () => {
  it('names a state whose ZIP codes include its ZIP: a mismatch is a 400 at save naming both', async () => {
    const user = await makeUser(t);
    const fields = { address: '1 Main St', city: 'Town', phone: '555', notes: '-', country: 'US' };
    const add = (extra: object) =>
      call(user, 'POST', '/api/shop/address/add', { userId: user.id, ...fields, ...extra });
    const wrong = await add({ region: 'CA', pincode: '10001' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('pincode: 10001 is in NY, not CA');
    expect((await add({ region: 'ZZ', pincode: '10001' })).json().message).toMatch(
      /^region: must be a US state/,
    );
    expect((await add({ region: '', pincode: 'abc' })).json().message).toBe(
      'pincode: must be a US ZIP code: 5 digits, or ZIP+4',
    );
    // A ZIP whose first digits serve two states does not pick one (Fishers Island, NY: 06390).
    const shared = await add({ region: '', pincode: '06390' });
    expect(shared.statusCode).toBe(400);
    expect(shared.json().message).toBe('region: is required: ZIP 06390 may be in CT or NY');
    expect((await add({ region: 'NY', pincode: '06390' })).statusCode).toBe(201);
    // A name becomes its code; a client of the spec that sends no region gets its ZIP's state.
    const named = await add({ region: 'new york', pincode: '10001-1234' });
    expect(named.json().data.region).toBe('NY');
    const spec = await call(user, 'POST', '/api/shop/address/add', {
      userId: user.id,
      address: '2 Main St',
      city: 'Sacramento',
      pincode: '95814',
      phone: '555',
      notes: '-',
    });
    expect(spec.statusCode, spec.body).toBe(201);
    expect(spec.json().data).toMatchObject({ country: 'US', region: 'CA' });
    // An edit of the five fields moves the state with the ZIP; one naming another state is refused.
    const id = spec.json().data._id;
    const moved = await call(user, 'PUT', `/api/shop/address/update/${user.id}/${id}`, {
      address: '2 Main St',
      city: 'New York',
      pincode: '10001',
      phone: '555',
      notes: '-',
    });
    expect(moved.json().data.region).toBe('NY');
    const clash = await call(user, 'PUT', `/api/shop/address/update/${user.id}/${id}`, {
      address: '2 Main St',
      city: 'New York',
      pincode: '10001',
      phone: '555',
      notes: '-',
      region: 'TX',
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().message).toBe('pincode: 10001 is in NY, not TX');
  });

  it('saved before the rule is refused at quote and checkout with a request to edit it', async () => {
    const { user, addressId } = await shopperIn({ country: 'US', region: 'CA', pincode: '95814' });
    const saveAsBefore = (fields: { region?: string; pincode?: string; country?: string }) =>
      t.db
        .update(addresses)
        .set(fields)
        .where(and(eq(addresses.id, addressId), eq(addresses.userId, user.id)));
    const refusedWith = async (message: string) => {
      const quoted = await quote(user, addressId);
      expect(quoted.statusCode).toBe(400);
      expect(quoted.json().message).toBe(message);
      const created = await createOrder(t, user, addressId);
      expect(created.statusCode).toBe(400);
      expect(created.json().message).toBe(message);
    };
    await saveAsBefore({ pincode: '10001' });
    await refusedWith('Please edit this address: the ZIP code 10001 is in NY, not CA');
    await saveAsBefore({ region: '', pincode: '06390' });
    await refusedWith(
      'Please edit this address: the state is required: ZIP 06390 may be in CT or NY',
    );
    await saveAsBefore({ region: '', pincode: '00001' });
    await refusedWith('Please edit this address: the ZIP code 00001 is not in use in any US state');
    await saveAsBefore({ country: 'CA', region: '', pincode: 'M5H 2N2' });
    await refusedWith(
      'Please edit the address: the state or region is required for deliveries to Canada, where tax depends on it',
    );
    expect(await ordersOf(user)).toBe(0);

    // An address with no state but a ZIP of one state is priced there, as the form hints.
    await saveAsBefore({ country: 'US', region: '', pincode: '10001' });
    const priced = await quote(user, addressId);
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().data).toMatchObject({ tax: 3.99, taxLines: [{ name: 'NY tax' }] });
    // The edit the message asks for makes it payable.
    await saveAsBefore({ region: 'CA', pincode: '10001' });
    const edited = await call(user, 'PUT', `/api/shop/address/update/${user.id}/${addressId}`, {
      address: '1 Rue Test',
      city: 'Sacramento',
      pincode: '95814',
      phone: '555 0100',
      notes: '-',
      region: 'CA',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await quote(user, addressId)).json().data.tax).toBe(2.9);
    expect((await createOrder(t, user, addressId)).statusCode).toBe(201);
  });

  it('typed in at the quote is checked as a saved one is, naming the field', async () => {
    const user = await makeUser(t);
    const typed = await call(user, 'POST', '/api/shop/checkout/quote', {
      address: { country: 'US', region: 'CA', pincode: '10001' },
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().message).toBe('pincode: 10001 is in NY, not CA');
  });
});

describe('a Canadian or EU address', () => {
  it('names a region of its country’s ISO 3166-2 list: any other is a 400 naming the field, and nothing is saved', async () => {
    const user = await makeUser(t);
    const fields = { address: '1 Hauptstraße', city: 'München', pincode: '80331', phone: '555' };
    const add = (extra: object) =>
      call(user, 'POST', '/api/shop/address/add', {
        userId: user.id,
        ...fields,
        notes: '-',
        ...extra,
      });
    const saved = async () =>
      (await t.db.select().from(addresses).where(eq(addresses.userId, user.id))).length;

    const wrong = await add({ country: 'DE', region: 'CA' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      success: false,
      code: 'INVALID_INPUT',
      message:
        'region: must be a state (Land) of Germany: a code such as BW, or its name (Baden-Württemberg)',
    });
    const canada = await add({ country: 'CA', region: 'Bayern', pincode: 'M5H 2N2' });
    expect(canada.statusCode).toBe(400);
    expect(canada.json().message).toMatch(/^region: must be a province or territory of Canada/);
    // A place with its own country code is that country, not a French region.
    expect((await add({ country: 'FR', region: 'GP' })).statusCode).toBe(400);
    expect(await saved()).toBe(0);

    // The code is kept, whether the code, the prefixed code or the name was sent.
    const named = await add({ country: 'DE', region: 'bayern' });
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json().data).toMatchObject({ country: 'DE', region: 'BY' });
    expect((await add({ country: 'CA', region: 'CA-ON' })).json().data.region).toBe('ON');
    // Where tax does not depend on it, an EU address may leave its region out.
    expect((await add({ country: 'FR', region: '' })).json().data.region).toBe('');
    expect(await saved()).toBe(3);

    const id = named.json().data._id;
    const edit = await call(user, 'PUT', `/api/shop/address/update/${user.id}/${id}`, {
      ...fields,
      notes: '-',
      country: 'DE',
      region: 'Texas',
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toMatch(/^region: must be a state \(Land\) of Germany/);
    const [kept] = await t.db.select().from(addresses).where(eq(addresses.id, id));
    expect(kept?.region).toBe('BY');
  });

  it('typed in at the quote, or saved before the lists, is checked the same way', async () => {
    const user = await makeUser(t);
    const typed = await call(user, 'POST', '/api/shop/checkout/quote', {
      address: { country: 'CA', region: 'XX' },
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().message).toMatch(/^region: must be a province or territory of Canada/);

    const { user: shopper, addressId } = await shopperIn({
      country: 'CA',
      region: 'ON',
      pincode: 'M5H 2N2',
    });
    const saveAsBefore = (region: string) =>
      t.db.update(addresses).set({ region }).where(eq(addresses.id, addressId));
    // A name typed before the lists reads as its code, and is priced by it.
    await saveAsBefore('ONTARIO');
    const priced = await quote(shopper, addressId);
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json().data.taxLines).toMatchObject([{ name: 'HST' }]);
    await saveAsBefore('ZZ');
    const refused = await quote(shopper, addressId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(
      /^Please edit this address: the province or territory must be a province or territory of Canada/,
    );
    expect((await createOrder(t, shopper, addressId)).statusCode).toBe(400);
    expect(await ordersOf(shopper)).toBe(0);
  });
});

describe('the admin', () => {
  it('sees each zone country no rate covers, and the marks', async () => {
    const res = await call(admin, 'GET', '/api/admin/tax-rates/coverage');
    expect(res.statusCode, res.body).toBe(200);
    const { gaps, noTax } = res.json().data;
    const byCountry = Object.fromEntries(
      gaps.map((g: { country: string; message: string }) => [g.country, g.message]),
    );
    expect(byCountry.FR).toBe(
      'Orders to France are refused at checkout: add a tax rule or mark it "no tax here"',
    );
    expect(byCountry.US).toBe(
      'Orders to United States outside CA, NY are refused at checkout: add a tax rule or mark it "no tax here"',
    );
    expect(byCountry.CA).toBeUndefined(); // GST covers the whole country
    expect(noTax).toEqual([]);
  });

  it('marks a country only when signed in with the settings permission, with a valid code, audited', async () => {
    const url = '/api/admin/tax-rates/no-tax/add';
    expect((await call(undefined, 'POST', url, { country: 'NL' })).statusCode).toBe(401);
    const shopper = await makeUser(t);
    expect((await call(shopper, 'POST', url, { country: 'NL' })).statusCode).toBe(403);
    const packer = await makeStaff(t, ['orders.view']);
    expect((await call(packer, 'POST', url, { country: 'NL' })).statusCode).toBe(403);
    expect((await call(packer, 'GET', '/api/admin/tax-rates/coverage')).statusCode).toBe(403);
    const bad = await call(admin, 'POST', url, { country: 'Netherlands' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/country/);
    expect((await call(admin, 'POST', url, { country: 'NL', extra: 1 })).statusCode).toBe(400);
    const manager = await makeStaff(t, ['settings']);
    expect((await call(manager, 'POST', url, { country: 'NL' })).statusCode).toBe(201);
    const missing = await call(admin, 'DELETE', '/api/admin/tax-rates/no-tax/delete/XX');
    expect(missing.statusCode).toBe(404);
    expect((await call(admin, 'DELETE', '/api/admin/tax-rates/no-tax/delete/NL')).statusCode).toBe(
      200,
    );
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'no_tax_country'))
      .orderBy(auditLog.createdAt);
    expect(entries.map((e) => [e.action, e.entityId])).toEqual(
      expect.arrayContaining([
        ['no_tax_country.create', 'NL'],
        ['no_tax_country.delete', 'NL'],
      ]),
    );
  });
});

describe('the upgrade', () => {
  it('marks "no tax here" the countries an existing shop sold to untaxed, and nothing else', async () => {
    const file = readFileSync(
      path.resolve('server/src/db/migrations/0027_keen_nico_minoru.sql'),
      'utf8',
    );
    const statement = file.split('--> statement-breakpoint').at(-1)!;
    await t.db.execute(sql.raw(statement));
    const marked = await call(admin, 'GET', '/api/admin/tax-rates/coverage');
    const noTax = marked.json().data.noTax as { country: string; setByUpgrade: boolean }[];
    // US (no country-wide rate), France, the Netherlands; Belgium's mark was removed above and is
    // marked again; Canada has GST.
    expect(noTax.filter((n) => n.setByUpgrade).map((n) => n.country)).toEqual([
      'BE',
      'FR',
      'NL',
      'US',
    ]);
    expect(marked.json().data.gaps).toEqual([]);
  });
});
