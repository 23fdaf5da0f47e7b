import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStaff } from '../factories/staff';
import { makeUser, type TestUser } from '../factories/users';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { createTestApp, startSecondInstance, type TestApp } from '../helpers/test-app';

let t: TestApp;
let smtp: TestSmtp;
let owner: TestUser;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ ...smtp.env, PUBLIC_URL: 'https://shop.example.com' });
  owner = await makeUser(t, { role: 'admin', userName: 'Owner' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

type Req = { method: 'GET' | 'POST' | 'PUT'; url: string; cookie?: string; payload?: object };
const call = ({ method, url, cookie, payload }: Req, app = t.app) =>
  app.inject({ method, url, ...(payload ? { payload } : {}), headers: cookie ? { cookie } : {} });

const invite = (cookie: string, payload: object) =>
  call({ method: 'POST', url: '/api/admin/staff', cookie, payload });
const change = (cookie: string, id: string, payload: object) =>
  call({ method: 'PUT', url: `/api/admin/staff/${id}`, cookie, payload });
const login = (email: string, password: string) =>
  call({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const me = async (cookie: string, app = t.app) =>
  (await call({ method: 'GET', url: '/api/auth/check-auth', cookie }, app)).json().user;

function cookieOf(res: { cookies: { name: string; value: string }[] }) {
  return `session=${res.cookies.find((c) => c.name === 'session')!.value}`;
}

/** Invites, reads the emailed link, sets the password through the reset route, signs in. */
async function onboard(email: string, permissions: string[]) {
  const res = await invite(owner.cookie, { email, userName: 'Pat Packer', permissions });
  expect(res.statusCode).toBe(201);
  const [mail] = await smtp.waitFor(1, email);
  expect(mail!.text).toContain("You've been invited to help run");
  const link = mail!.text.match(/https:\/\/shop\.example\.com\/auth\/reset-password\?token=(\S+)/);
  expect(link).not.toBeNull();
  const token = decodeURIComponent(link![1]!);
  const set = await call({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, password: 'packer password' },
  });
  expect(set.statusCode).toBe(200);
  const signedIn = await login(email, 'packer password');
  expect(signedIn.statusCode).toBe(200);
  return { id: res.json().data.id as string, cookie: cookieOf(signedIn) };
}

describe('inviting staff', () => {
  it('emails a link that sets the password; the staff member sees only what they may', async () => {
    const packer = await onboard('packer@example.com', ['orders.view', 'orders.ship']);
    expect(await me(packer.cookie)).toMatchObject({
      role: 'staff',
      permissions: ['orders.view', 'orders.ship'],
    });
    const orders = await call({
      method: 'GET',
      url: '/api/admin/orders/get',
      cookie: packer.cookie,
    });
    expect(orders.statusCode).toBe(200);
    for (const url of ['/api/admin/products/get', '/api/admin/tax-rates/get', '/api/admin/staff']) {
      const res = await call({ method: 'GET', url, cookie: packer.cookie });
      expect(res.statusCode, url).toBe(403);
    }
    const list = await call({ method: 'GET', url: '/api/admin/staff', cookie: owner.cookie });
    expect(list.json().data).toEqual([
      expect.objectContaining({ id: owner.id, role: 'admin', isOwner: true, active: true }),
      expect.objectContaining({
        id: packer.id,
        role: 'staff',
        isOwner: false,
        permissions: ['orders.view', 'orders.ship'],
      }),
    ]);
  });

  it('before the link is used, no password signs the new account in', async () => {
    const res = await invite(owner.cookie, {
      email: 'waiting@example.com',
      userName: 'Wait',
      permissions: ['orders.view'],
    });
    expect(res.statusCode).toBe(201);
    expect((await login('waiting@example.com', '')).statusCode).toBe(400);
    expect((await login('waiting@example.com', 'anything at all')).statusCode).toBe(401);
  });

  it("refuses an email any account already uses (a shopper's too): 409, nothing changes", async () => {
    const shopper = await makeUser(t);
    const res = await invite(owner.cookie, {
      email: shopper.email.toUpperCase(),
      userName: 'X',
      permissions: ['catalog'],
    });
    expect(res.statusCode).toBe(409);
    expect(await me(shopper.cookie)).toMatchObject({ role: 'shopper', permissions: [] });
  });

  it.each([
    [{}],
    [{ email: 'not-an-email', userName: 'A', permissions: [] }],
    [{ email: 'a@example.com', userName: '', permissions: [] }],
    [{ email: 'a@example.com', userName: 'A', permissions: ['root'] }],
    [{ email: 'a@example.com', userName: 'A', permissions: ['catalog', 'catalog'] }],
    [{ email: 'a@example.com', userName: 'A', permissions: [], role: 'admin' }],
  ])('answers 400 to %o', async (body) => {
    const res = await invite(owner.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'INVALID_INPUT' });
  });

  it('answers 401 signed out and 403 to a shopper, before reading the body', async () => {
    const shopper = await makeUser(t);
    expect((await call({ method: 'POST', url: '/api/admin/staff', payload: {} })).statusCode).toBe(
      401,
    );
    expect((await invite(shopper.cookie, {})).statusCode).toBe(403);
  });
});

describe('who may change whom', () => {
  it('nobody changes the owner, not even a staff manager with every permission', async () => {
    const manager = await makeStaff(t, ['staff', 'catalog']);
    for (const body of [{ active: false }, { permissions: [] }, { userName: 'Gone' }]) {
      expect((await change(manager.cookie, owner.id, body)).statusCode).toBe(403);
    }
    expect(await me(owner.cookie)).toMatchObject({ id: owner.id, role: 'admin' });
  });

  it('a staff manager grants only permissions they hold, and cannot touch someone above them', async () => {
    const manager = await makeStaff(t, ['staff', 'catalog']);
    const refused = await invite(manager.cookie, {
      email: 'escalate@example.com',
      userName: 'E',
      permissions: ['catalog', 'settings'],
    });
    expect(refused.statusCode).toBe(403);
    const ok = await invite(manager.cookie, {
      email: 'helper@example.com',
      userName: 'H',
      permissions: ['catalog'],
    });
    expect(ok.statusCode).toBe(201);
    const helper = ok.json().data.id as string;
    expect((await change(manager.cookie, helper, { permissions: ['settings'] })).statusCode).toBe(
      403,
    );
    const senior = await makeStaff(t, ['settings']);
    expect((await change(manager.cookie, senior.id, { active: false })).statusCode).toBe(403);
    expect((await me(senior.cookie))?.id).toBe(senior.id);
    // Nor their own access.
    expect((await change(manager.cookie, manager.id, { permissions: ['staff'] })).statusCode).toBe(
      403,
    );
    const done = await change(manager.cookie, helper, { permissions: [] });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.permissions).toEqual([]);
  });

  it('answers 400 to bad bodies and 404 to unknown people', async () => {
    const staff = await makeStaff(t, []);
    for (const body of [{}, { active: 'no' }, { permissions: ['everything'] }, { role: 'admin' }]) {
      expect((await change(owner.cookie, staff.id, body)).statusCode).toBe(400);
    }
    expect((await change(owner.cookie, 'not-a-uuid', { active: false })).statusCode).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await change(owner.cookie, unknown, { active: false })).statusCode).toBe(404);
    const shopper = await makeUser(t);
    expect((await change(owner.cookie, shopper.id, { permissions: ['catalog'] })).statusCode).toBe(
      404,
    );
  });

  it('a permission change applies to the next request, on every instance', async () => {
    const other = await startSecondInstance(t, {
      ...smtp.env,
      PUBLIC_URL: 'https://shop.example.com',
    });
    try {
      const staff = await makeStaff(t, ['catalog']);
      // Each instance has its own session secret: a session made by the other one.
      const { token } = await other.services.auth.createSession(staff.id);
      const products = {
        method: 'GET',
        url: '/api/admin/products/get',
        cookie: `session=${token}`,
      };
      expect((await call(products as Req, other)).statusCode).toBe(200);
      expect((await change(owner.cookie, staff.id, { permissions: ['content'] })).statusCode).toBe(
        200,
      );
      await expect.poll(async () => (await call(products as Req, other)).statusCode).toBe(403);
    } finally {
      await other.close();
    }
  });
});

describe('deactivating', () => {
  it('ends every session at once, on another instance too, and refuses sign-in until reactivated', async () => {
    const other = await startSecondInstance(t, {
      ...smtp.env,
      PUBLIC_URL: 'https://shop.example.com',
    });
    try {
      const staff = await onboard('leaver@example.com', ['orders.view']);
      // Each instance has its own session secret: a session made by the other one.
      const elsewhere = `session=${(await other.services.auth.createSession(staff.id)).token}`;
      expect((await me(elsewhere, other))?.id).toBe(staff.id);
      const res = await change(owner.cookie, staff.id, { active: false });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.active).toBe(false);
      expect(await me(staff.cookie)).toBeNull();
      await expect.poll(() => me(elsewhere, other)).toBeNull();
      const orders = { method: 'GET' as const, url: '/api/admin/orders/get', cookie: elsewhere };
      expect((await call(orders, other)).statusCode).toBe(401);

      const refused = await login('leaver@example.com', 'packer password');
      const wrong = await login('leaver@example.com', 'a wrong password');
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual(wrong.json());

      expect((await change(owner.cookie, staff.id, { active: true })).statusCode).toBe(200);
      expect((await login('leaver@example.com', 'packer password')).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('an erased account cannot sign in and its sessions stop working', async () => {
    const shopper = await makeUser(t);
    const { users } = await import('../../server/src/db/schema');
    const { eq } = await import('drizzle-orm');
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, shopper.id));
    await expect.poll(() => me(shopper.cookie)).toBeNull();
    expect((await login(shopper.email, shopper.password)).statusCode).toBe(401);
  });

  it('sends no reset link to a deactivated account until it is reactivated', async () => {
    const staff = await onboard('resting@example.com', ['orders.view']);
    expect((await change(owner.cookie, staff.id, { active: false })).statusCode).toBe(200);
    const resets = t.app.services.passwordReset;
    expect(await resets.request('resting@example.com')).toBe(false);
    expect((await change(owner.cookie, staff.id, { active: true })).statusCode).toBe(200);
    expect(await resets.request('resting@example.com')).toBe(true);
  });
});
