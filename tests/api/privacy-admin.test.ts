import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/src/db/schema';
import { makeFullShopper, ownRows, signedIn, userRow } from '../factories/privacy';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Issue 27: what an admin (or staff with the customers permission) may do for a customer, the
// password check's rate limit, and the privacy page. The shopper's own requests: privacy.test.ts.
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeUser(t, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, who?: TestUser) =>
  t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const post = (url: string, payload: object, who?: TestUser) =>
  t.app.inject({ method: 'POST', url, payload, headers: who ? { cookie: who.cookie } : {} });

const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('admin privacy requests', () => {
  it('exports a customer as they would see it', async () => {
    const { shopper } = await makeFullShopper(t, admin);
    const res = await get(`/api/admin/customers/${shopper.id}/export`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="customer-/);
    expect(res.json().profile.email).toBe(shopper.email);
    expect(res.body).not.toMatch(/\$argon2/);
  });

  it('erases a customer without a password, recorded in the audit log without personal data', async () => {
    const { shopper } = await makeFullShopper(t, admin, 'Ada Erased');
    const res = await post(`/api/admin/customers/${shopper.id}/delete`, {}, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data._id).toBe(shopper.id);
    expect((await userRow(t, shopper.id)).userName).toBe('Former customer');
    expect(await ownRows(t, shopper.id)).toBe(0);
    expect(await signedIn(t.app, shopper)).toBe(false);
    const log = await get(`/api/admin/audit?id=${shopper.id}`, admin);
    expect(log.statusCode).toBe(200);
    expect(log.body).toContain('customer.erase');
    expect(log.body).not.toContain(shopper.email);
    expect(log.body).not.toContain('Linen');
    // Twice: 409; an unknown id: 404; a staff account: 403.
    expect((await post(`/api/admin/customers/${shopper.id}/delete`, {}, admin)).statusCode).toBe(
      409,
    );
    expect(
      (await post(`/api/admin/customers/${crypto.randomUUID()}/delete`, {}, admin)).statusCode,
    ).toBe(404);
    expect((await post(`/api/admin/customers/${admin.id}/delete`, {}, admin)).statusCode).toBe(403);
  });

  it('answers 401 signed out and 403 to a shopper, changing nothing', async () => {
    const shopper = await makeUser(t);
    const victim = await makeUser(t);
    for (const url of [`/api/admin/customers/${victim.id}/export`]) {
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, shopper)).statusCode).toBe(403);
    }
    const url = `/api/admin/customers/${victim.id}/delete`;
    expect((await post(url, {})).statusCode).toBe(401);
    expect((await post(url, {}, shopper)).statusCode).toBe(403);
    expect((await userRow(t, victim.id)).deletedAt).toBeNull();
  });
});

/** A signed-in staff member holding exactly `permissions`. */
async function makeStaffMember(permissions: string[]) {
  const user = await makeUser(t);
  await t.db.update(users).set({ role: 'staff', permissions }).where(eq(users.id, user.id));
  t.app.services.auth.sessions.forgetUser(user.id);
  return user;
}

describe('admin privacy requests by permission', () => {
  it('a staff member needs the customers permission (403 without, on the server)', async () => {
    const { shopper } = await makeFullShopper(t, admin);
    const without = await makeStaffMember(['orders.view', 'orders.update', 'catalog']);
    expect((await get(`/api/admin/customers/${shopper.id}/export`, without)).statusCode).toBe(403);
    expect((await post(`/api/admin/customers/${shopper.id}/delete`, {}, without)).statusCode).toBe(
      403,
    );
    expect((await userRow(t, shopper.id)).deletedAt).toBeNull();
    const allowed = await makeStaffMember(['customers']);
    expect((await get(`/api/admin/customers/${shopper.id}/export`, allowed)).statusCode).toBe(200);
    expect((await post(`/api/admin/customers/${shopper.id}/delete`, {}, allowed)).statusCode).toBe(
      200,
    );
    // A staff account is not a customer: it cannot be erased here.
    expect((await post(`/api/admin/customers/${without.id}/delete`, {}, allowed)).statusCode).toBe(
      403,
    );
  });
});

describe('the password check is rate limited like sign-in', () => {
  it('answers 429 after the budget, then even the right password changes nothing', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const shopper = await makeUser(limited);
      const codes = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/shop/account/delete',
          payload: { password: i < 3 ? 'wrong' : shopper.password },
          headers: { cookie: shopper.cookie },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
      const [row] = await limited.db.select().from(users).where(eq(users.id, shopper.id));
      expect(row!.deletedAt).toBeNull();
    } finally {
      await limited.close();
    }
  });
});

describe('the privacy page', () => {
  it('names every cookie the server sets, and the consent rule for anything more', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/pages/privacy' });
    expect(page.statusCode).toBe(200);
    const text = JSON.stringify(page.json());
    // The cookies the code sets (plugins/sessions.ts, plugins/guests.ts), and no banner needed.
    for (const name of ['session', 'guest']) expect(text).toContain(`<code>${name}</code>`);
    expect(text).toMatch(/strictly necessary/);
    expect(text).toMatch(/consent first/);
    expect(text).toMatch(/Your data/);
    // Signing in sets the session cookie and nothing else.
    const shopper = await makeUser(t);
    const login = await signIn(shopper.email, shopper.password);
    const names = [login.headers['set-cookie']].flat().map((c) => String(c).split('=')[0]);
    expect(names).toEqual(['session']);
  });
});
