import type { AuditEntry } from '@contract/audit';
import type { StaffPermission } from '@contract/auth';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../server/src/db/schema';
import { auditSpecOf, isAdminWrite } from '../../server/src/modules/audit/audit-routes';
import { callAs, productInput } from '../factories/product-input';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

// The audit log's API and its guarantees; what each admin write records is in audit.test.ts.
let t: TestApp;
let admin: TestUser;
let shopper: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { role: 'admin' });
  shopper = await makeUser(t);
});
afterAll(async () => t.close());

/** A staff member holding `permissions` (set before their first request reads the session). */
async function staff(permissions: StaffPermission[]) {
  const user = await makeUser(t);
  await t.db.update(users).set({ role: 'staff', permissions }).where(eq(users.id, user.id));
  return user;
}

const log = async (query: string, who: TestUser = admin) => {
  const res = await callAs(t, 'GET', `/api/admin/audit?${query}`, who);
  expect(res.statusCode).toBe(200);
  return res.json() as { data: AuditEntry[]; pagination: { total: number } };
};

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

  it("is for admins and staff holding 'staff', with bounded inputs", async () => {
    expect((await callAs(t, 'GET', '/api/admin/audit')).statusCode).toBe(401);
    expect((await callAs(t, 'GET', '/api/admin/audit', shopper)).statusCode).toBe(403);
    const packer = await staff(['orders.view', 'orders.ship', 'catalog']);
    expect((await callAs(t, 'GET', '/api/admin/audit', packer)).statusCode).toBe(403);
    const manager = await staff(['staff']);
    expect((await callAs(t, 'GET', '/api/admin/audit', manager)).statusCode).toBe(200);
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

describe('staff writes', () => {
  it("a staff member's write is recorded under their own name", async () => {
    const cataloguer = await staff(['catalog']);
    const product = await makeProduct(t, { price: 10 });
    const body = productInput(product.image, {
      title: product.title,
      price: 12,
      totalStock: product.totalStock,
    });
    const res = await callAs(t, 'PUT', `/api/admin/products/edit/${product._id}`, cataloguer, body);
    expect(res.statusCode).toBe(200);
    const [entry] = (await log(`actor=${cataloguer.id}`)).data;
    expect(entry).toMatchObject({
      actorEmail: cataloguer.email,
      entityId: product._id,
      before: { price: 10 },
      after: { price: 12 },
    });
  });
});

describe('staff accounts', () => {
  it('an invitation and a change of permissions are recorded, before and after', async () => {
    const invited = await callAs(t, 'POST', '/api/admin/staff', admin, {
      email: 'packer-audit@example.com',
      userName: 'Packer',
      permissions: ['orders.view'],
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const id = invited.json().data.id as string;
    const changed = await callAs(t, 'PUT', `/api/admin/staff/${id}`, admin, {
      permissions: ['orders.view', 'orders.ship'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [update, invite] = (await log(`entity=staff&id=${id}`)).data;
    expect(invite).toMatchObject({ action: 'staff.create', before: null });
    expect(invite!.after).toMatchObject({ email: 'packer-audit@example.com', role: 'staff' });
    expect(update).toMatchObject({
      action: 'staff.update',
      before: { permissions: ['orders.view'] },
      after: { permissions: ['orders.view', 'orders.ship'] },
    });
  });
});

describe('the log itself', () => {
  it('cannot be changed or emptied through SQL, by anyone', async () => {
    const product = await makeProduct(t);
    const removed = await callAs(t, 'DELETE', `/api/admin/products/delete/${product._id}`, admin);
    expect(removed.statusCode).toBe(200);
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
    expect(audited).not.toContain('GET /api/admin/products/get');
    // And a route it does not know is not silently taken as audited.
    expect(auditSpecOf('POST', '/api/admin/something-new', undefined)).toBeUndefined();
    expect(isAdminWrite('POST', '/api/admin/something-new')).toBe(true);
  });
});
