import { type StaffPermission, staffPermissions } from '@contract/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/src/db/schema';
import { exportCsv, importCsv, productsCsv } from '../factories/csv';
import { makeUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A staff member holding `permissions` (set before their first request reads the session). */
async function staff(permissions: StaffPermission[]) {
  const user = await makeUser(t);
  await t.db.update(users).set({ role: 'staff', permissions }).where(eq(users.id, user.id));
  return user;
}

// Each CSV route and the one permission it needs.
const routes: [string, StaffPermission][] = [
  ['products export', 'catalog'],
  ['products import', 'catalog'],
  ['orders export', 'orders.view'],
  ['customers export', 'customers'],
];

async function call(route: string, who: Awaited<ReturnType<typeof staff>>) {
  if (route === 'products import') {
    // A file with an error: a 400 proves the route ran, and nothing is written.
    return (await importCsv(t, who, productsCsv([{ 'product sku': 'PERM-1' }]))).statusCode;
  }
  const file = route.split(' ')[0];
  return (await exportCsv(t, who, `/api/admin/export/${file}.csv`)).res.statusCode;
}

describe('staff permissions on the CSV routes', () => {
  it('each route answers a member holding its permission and refuses every other (403)', async () => {
    for (const permission of staffPermissions) {
      const member = await staff([permission]);
      for (const [route, needed] of routes) {
        const expected = permission === needed ? (route === 'products import' ? 400 : 200) : 403;
        expect({ permission, route, status: await call(route, member) }).toEqual({
          permission,
          route,
          status: expected,
        });
      }
    }
  });
});
