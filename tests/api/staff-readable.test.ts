import type { AuditListResponse } from '@contract/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrder } from '../factories/orders';
import { callAs } from '../factories/product-input';
import { makeProduct } from '../factories/products';
import { makeStaff } from '../factories/staff';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

// What the back office reads of its staff and its history, as people read it.
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({ SHOP_TIME_ZONE: 'America/New_York' });
  admin = await makeUser(t, { role: 'admin', userName: 'Olive Owner' });
});
afterAll(async () => t.close());

describe('inviting staff', () => {
  it('refuses an invitation with no permission, naming the field, and creates nobody', async () => {
    const email = 'nobody-allowed@example.com';
    const res = await callAs(t, 'POST', '/api/admin/staff', admin, {
      email,
      userName: 'No Perms',
      permissions: [],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'INVALID_INPUT',
      message: 'permissions must include at least one permission',
    });
    const list = await callAs(t, 'GET', '/api/admin/staff', admin);
    expect(list.json().data.map((m: { email: string }) => m.email)).not.toContain(email);
  });
});

describe('the audit log', () => {
  it('names a customer an entry is about, and a customer who acted, by their name', async () => {
    const shopper = await makeUser(t, { userName: 'Cora Customer' });
    const noted = await callAs(t, 'POST', `/api/admin/customers/${shopper.id}/notes`, admin, {
      body: 'Prefers parcels at the back door',
    });
    expect(noted.statusCode, noted.body).toBe(200);
    const res = await callAs(t, 'GET', `/api/admin/audit?entity=customer&id=${shopper.id}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as AuditListResponse;
    expect(body.data.map((e) => e.entityId)).toContain(shopper.id);
    expect(body.names).toMatchObject({
      [`customer:${shopper.id}`]: 'Cora Customer',
      [`user:${admin.id}`]: 'Olive Owner',
    });
  });
});

describe("an order's history", () => {
  it('is readable with orders.view alone, and names the order and who changed it', async () => {
    const shopper = await makeUser(t);
    const product = await makeProduct(t);
    const order = await makeOrder(t, { userId: shopper.id, items: [{ productId: product._id }] });
    const changed = await callAs(t, 'PUT', `/api/admin/orders/update/${order.id}`, admin, {
      orderStatus: 'inProcess',
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const viewer = await makeStaff(t, ['orders.view']);
    const res = await callAs(t, 'GET', `/api/admin/audit/orders/${order.id}`, viewer);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as AuditListResponse;
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      action: 'order.update',
      entity: 'order',
      entityId: order.id,
      before: { orderStatus: 'confirmed' },
      after: { orderStatus: 'inProcess' },
    });
    expect(body.names).toMatchObject({
      [`user:${admin.id}`]: 'Olive Owner',
      [`order:${order.id}`]: `#${order.orderNumber}`,
    });
    expect(body.timeZone).toBe('America/New_York');
    // The rest of the log stays for those who manage staff.
    expect((await callAs(t, 'GET', '/api/admin/audit', viewer)).statusCode).toBe(403);
  });

  it('is refused signed out, to shoppers and to staff without orders.view; bounded', async () => {
    const order = await makeOrder(t, { userId: admin.id, items: [] });
    const url = `/api/admin/audit/orders/${order.id}`;
    expect((await callAs(t, 'GET', url)).statusCode).toBe(401);
    expect((await callAs(t, 'GET', url, await makeUser(t))).statusCode).toBe(403);
    const cataloguer = await makeStaff(t, ['catalog', 'staff']);
    expect((await callAs(t, 'GET', url, cataloguer)).statusCode).toBe(200);
    expect((await callAs(t, 'GET', url, await makeStaff(t, ['catalog']))).statusCode).toBe(403);
    for (const bad of [
      `${url}?limit=101`,
      `${url}?page=0`,
      `/api/admin/audit/orders/${'x'.repeat(101)}`,
    ]) {
      expect((await callAs(t, 'GET', bad, admin)).statusCode, bad).toBe(400);
    }
    const empty = await callAs(t, 'GET', '/api/admin/audit/orders/not-an-order', admin);
    expect(empty.json()).toMatchObject({ data: [], pagination: { total: 0 } });
  });
});
