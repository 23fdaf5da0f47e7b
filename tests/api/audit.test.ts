import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../contract/audit';
import type { Order } from '../../contract/orders';
import { createAdmin } from '../../server/src/cli/admin-create';
import { auditLog } from '../../server/src/db/schema';
import { auditSpecOf, isAdminWrite } from '../../server/src/modules/audit/audit-routes';
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

describe('reading the log', () => {
  it('filters by actor, entity and date, newest first, paged', async () => {
    const other = await makeUser(t, { role: 'admin' });
    const product = await makeProduct(t, { price: 50 });
    for (const [who, price] of [
      [admin, 51],
      [other, 52],
      [other, 53],
    ] as const) {
      const res = await callAs(
        t,
        'PUT',
        `/api/admin/products/edit/${product._id}`,
        who,
        productInput(product.image, {
          title: product.title,
          price,
          totalStock: product.totalStock,
        }),
      );
      expect(res.statusCode).toBe(200);
    }
    const byOther = await log(`actor=${other.id}&entity=product&id=${product._id}`);
    expect(byOther.data.map((e) => e.after?.price)).toEqual([53, 52]);
    const byEmail = await log(`actor=${encodeURIComponent(other.email.toUpperCase())}`);
    expect(byEmail.data.map((e) => e.actorId)).toEqual([other.id, other.id]);

    const paged = await log(`entity=product&id=${product._id}&limit=1&page=2`);
    expect(paged.pagination.total).toBe(3);
    expect(paged.data.map((e) => e.after?.price)).toEqual([52]);

    const today = new Date().toISOString().slice(0, 10);
    expect((await log(`id=${product._id}&from=${today}&to=${today}`)).data).toHaveLength(3);
    expect((await log(`id=${product._id}&to=2000-01-01`)).data).toEqual([]);
    expect((await log(`id=${product._id}&from=2999-01-01`)).data).toEqual([]);
  });

  it('is for admins only, with bounded inputs', async () => {
    expect((await callAs(t, 'GET', '/api/admin/audit')).statusCode).toBe(401);
    expect((await callAs(t, 'GET', '/api/admin/audit', shopper)).statusCode).toBe(403);
    for (const query of [
      'limit=101',
      'page=0',
      'from=yesterday',
      `entity=${'x'.repeat(41)}`,
      'entity=DROP TABLE',
    ]) {
      expect((await callAs(t, 'GET', `/api/admin/audit?${query}`, admin)).statusCode).toBe(400);
    }
  });
});

describe('the log itself', () => {
  it('cannot be changed or emptied through SQL, by anyone', async () => {
    await makeProduct(t);
    const before = (await log('')).pagination.total;
    expect(before).toBeGreaterThan(0);
    for (const statement of [
      sql`update audit_log set actor_email = 'someone-else'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ]) {
      await expect(t.db.execute(statement)).rejects.toThrow();
    }
    expect((await log('')).pagination.total).toBe(before);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.actorEmail, 'someone-else'));
    expect(rows).toEqual([]);
  });

  it('every admin write route has an audit entity (a new route without one fails here)', () => {
    const { audited, unaudited } = t.app.auditRoutes();
    expect(unaudited).toEqual([]);
    // The hook sees the routes of every module, those written outside /api/admin/ included.
    expect(audited).toEqual(
      expect.arrayContaining([
        'PUT /api/admin/products/edit/:id',
        'POST /api/admin/orders/:id/shipments',
        'POST /api/admin/returns/:id/approve',
        'DELETE /api/admin/size-charts/delete/:id',
        'POST /api/common/feature/add',
      ]),
    );
    expect(audited.every((route) => /^(POST|PUT|PATCH|DELETE) /.test(route))).toBe(true);
    // And a route it does not know is not silently taken as audited.
    expect(auditSpecOf('POST', '/api/admin/something-new', undefined)).toBeUndefined();
    expect(isAdminWrite('POST', '/api/admin/something-new')).toBe(true);
  });
});
