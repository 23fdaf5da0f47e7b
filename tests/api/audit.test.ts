import type { AuditEntry } from '@contract/audit';
import type { Order } from '@contract/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../../server/src/cli/admin-create';
import { importCsv, productsCsv } from '../factories/csv';
import { uploadImage } from '../factories/images';
import { makeOrder } from '../factories/orders';
import { callAs, productInput } from '../factories/product-input';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let admin: TestUser;
let shopper: TestUser;
let image: string;
beforeAll(async () => {
  // Behind a proxy, as in production: the entry's address is the client's, not the proxy's.
  t = await createTestApp({ TRUST_PROXY: 'true' });
  admin = await makeUser(t, { role: 'admin' });
  shopper = await makeUser(t);
  image = await uploadImage(t, admin);
});
afterAll(async () => t.close());

const CLIENT_IP = '203.0.113.7';
const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: admin.cookie, 'x-forwarded-for': CLIENT_IP },
    ...(payload ? { payload } : {}),
  });

const log = async (query: string, who: TestUser = admin) => {
  const res = await callAs(t, 'GET', `/api/admin/audit?${query}`, who);
  expect(res.statusCode).toBe(200);
  return res.json() as { data: AuditEntry[]; pagination: { total: number } };
};
const historyOf = async (entity: string, id: string) =>
  (await log(`entity=${entity}&id=${id}`)).data;

describe('recording admin writes', () => {
  it('an edit records who, from where, and the changed price before and after', async () => {
    const product = await makeProduct(t, { title: 'Audited shirt', price: 30 });
    const body = productInput(product.image, {
      title: 'Audited shirt',
      price: 35,
      totalStock: product.totalStock,
    });
    const res = await write('PUT', `/api/admin/products/edit/${product._id}`, body);
    expect(res.statusCode).toBe(200);

    const [entry, ...rest] = await historyOf('product', product._id);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      action: 'product.update',
      entity: 'product',
      entityId: product._id,
      actorId: admin.id,
      actorEmail: admin.email,
      ip: CLIENT_IP,
    });
    expect(entry!.before).toMatchObject({ price: 30 });
    expect(entry!.after).toMatchObject({ price: 35 });
    // Only what changed: the title stayed, so it is in neither side.
    expect(entry!.before).not.toHaveProperty('title');
    expect(entry!.after).not.toHaveProperty('title');
  });

  it('a create keeps the whole new entity; a delete keeps the whole old one after the row is gone', async () => {
    const created = await write(
      'POST',
      '/api/admin/products/add',
      productInput(image, { title: 'Short-lived tee' }),
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().data._id as string;
    const removed = await write('DELETE', `/api/admin/products/delete/${id}`);
    expect(removed.statusCode).toBe(200);

    const [deletion, creation] = await historyOf('product', id);
    expect(creation).toMatchObject({ action: 'product.create', before: null });
    expect(creation!.after).toMatchObject({ _id: id, title: 'Short-lived tee', price: 89.99 });
    expect(deletion).toMatchObject({ action: 'product.delete', after: null });
    expect(deletion!.before).toMatchObject({ _id: id, title: 'Short-lived tee' });
    expect((await callAs(t, 'GET', `/api/shop/products/get/${id}`, admin)).statusCode).toBe(404);
  });

  it("an order's status change and its shipment are recorded on the order", async () => {
    const product = await makeProduct(t);
    const row = await makeOrder(t, {
      userId: shopper.id,
      items: [{ productId: product._id, quantity: 2, price: 12.5, title: product.title }],
    });
    const status = await write('PUT', `/api/admin/orders/update/${row.id}`, {
      orderStatus: 'inProcess',
    });
    expect(status.statusCode).toBe(200);
    const order = (await callAs(t, 'GET', `/api/admin/orders/details/${row.id}`, admin)).json()
      .data as Order;
    const lineId = order.cartItems[0]!.lineId;
    const shipped = await write('POST', `/api/admin/orders/${row.id}/shipments`, {
      lines: [{ lineId, quantity: 2 }],
      carrier: 'ups',
      trackingNumber: '1Z 42',
    });
    expect(shipped.statusCode).toBe(201);

    const [shipment, change] = await historyOf('order', row.id);
    expect(change).toMatchObject({
      action: 'order.update',
      before: { orderStatus: 'confirmed' },
      after: { orderStatus: 'inProcess' },
    });
    expect(shipment).toMatchObject({ action: 'order.shipments', before: { shipments: [] } });
    expect(shipment!.after!.orderStatus).toBe('inShipping');
    expect(shipment!.after!.shipments).toEqual([
      expect.objectContaining({ carrier: 'ups', trackingNumber: '1Z 42' }),
    ]);
  });

  it('a refused write records nothing', async () => {
    const product = await makeProduct(t, { price: 20 });
    const bad = await write('PUT', `/api/admin/products/edit/${product._id}`, { price: -1 });
    expect(bad.statusCode).toBe(400);
    const unknown = await write(
      'PUT',
      '/api/admin/orders/update/00000000-0000-4000-8000-000000000000',
      {
        orderStatus: 'inProcess',
      },
    );
    expect(unknown.statusCode).toBe(404);
    expect(await historyOf('product', product._id)).toEqual([]);
    expect(await historyOf('order', '00000000-0000-4000-8000-000000000000')).toEqual([]);
  });

  it('settings and banners are recorded, secrets never', async () => {
    const rate = await write('POST', '/api/admin/tax-rates/add', {
      country: 'FR',
      name: 'France standard',
      rate: 20,
    });
    expect(rate.statusCode).toBe(201);
    const rateId = rate.json().data._id as string;
    const edited = await write('PUT', `/api/admin/tax-rates/edit/${rateId}`, {
      country: 'FR',
      name: 'France standard',
      rate: 5.5,
    });
    expect(edited.statusCode).toBe(200);
    const [edit, creation] = await historyOf('tax_rate', rateId);
    expect(creation).toMatchObject({ action: 'tax_rate.create', after: { rate: 20 } });
    expect(edit).toMatchObject({
      action: 'tax_rate.update',
      before: { rate: 20 },
      after: { rate: 5.5 },
    });
    const upload = (await log('entity=image')).data[0];
    expect(upload).toMatchObject({ action: 'image.upload', actorId: admin.id });
    expect(JSON.stringify(upload)).not.toMatch(/base64|password/i);
  });

  it('a CSV import is recorded with its counts; its dry run is not', async () => {
    const file = productsCsv([
      {
        'product sku': 'AUDIT-IMPORT-1',
        title: 'Imported for the audit',
        description: 'From a spreadsheet',
        category: 'women',
        brand: 'zara',
        price: '30.00',
        image,
        stock: 4,
      },
    ]);
    const dry = await importCsv(t, admin, file, { dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect((await log('entity=import')).data).toEqual([]);
    const real = await importCsv(t, admin, file);
    expect(real.statusCode, real.body).toBe(200);
    const [entry, ...rest] = (await log('entity=import')).data;
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      action: 'import.products',
      entityId: 'products',
      actorId: admin.id,
      before: null,
      after: { dryRun: false, created: 1, updated: 0 },
    });
  });

  it("a note on a customer is recorded as a change of the customer's notes, without its text", async () => {
    const res = await write('POST', `/api/admin/customers/${shopper.id}/notes`, {
      body: 'Asked for a gift wrap',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await historyOf('customer', shopper.id);
    expect(entry).toMatchObject({ action: 'customer.notes', before: { notes: [] } });
    // Who wrote one and when; the text stays in the note, out of the append-only log (art. 17).
    expect(entry!.after!.notes).toEqual([
      { _id: expect.any(String), authorName: expect.any(String), createdAt: expect.any(String) },
    ]);
    expect(JSON.stringify(entry)).not.toContain('gift wrap');
  });

  it("the CLI's write is recorded with actor cli, without the password", async () => {
    const { user } = await createAdmin(t.app.services, {
      email: 'cli-admin@example.com',
      password: 'a-long-cli-password',
      userName: 'Cli Admin',
    });
    const [entry] = (await log('actor=cli')).data;
    expect(entry).toMatchObject({
      actorId: null,
      actorEmail: 'cli',
      ip: 'cli',
      action: 'user.create_admin',
      entity: 'user',
      entityId: user.id,
      after: { email: 'cli-admin@example.com', role: 'admin' },
    });
    expect(JSON.stringify(entry)).not.toContain('a-long-cli-password');
  });
});
