import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

// DESIGN §4: a mutating request that carries the session cookie needs an allowed Origin, or
// when it has none an allowed Referer. `injectAsIs` sends exactly the headers given.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CORS_ORIGINS: 'http://localhost:5173' });
});
afterAll(async () => t.close());

const address = {
  address: '1 Main Street',
  city: 'Springfield',
  pincode: '12345',
  phone: '+1 555 0100',
  notes: 'Ring twice.',
};

const addAddress = (user: TestUser, headers: Record<string, string>) =>
  t.injectAsIs({
    method: 'POST',
    url: '/api/shop/address/add',
    payload: { userId: user.id, ...address },
    headers: { cookie: user.cookie, ...headers },
  });

const addresses = async (user: TestUser) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/shop/address/get/${user.id}`,
      headers: { cookie: user.cookie },
    })
  ).json().data as unknown[];

describe('a mutating request with a session cookie', () => {
  it.each([
    ['no Origin and no Referer', {}],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['a foreign Referer and no Origin', { referer: 'https://evil.example/page' }],
    ['a Referer that is not a URL', { referer: 'not a url' }],
    ['Origin "null" (sandboxed frame, file://)', { origin: 'null' }],
  ])('is refused with 403 and changes nothing: %s', async (_name, headers) => {
    const user = await makeUser(t);
    const res = await addAddress(user, headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(await addresses(user)).toHaveLength(0);
  });

  it('tells where the shop is when a page of another name of the server asks', async () => {
    const user = await makeUser(t);
    const shop = new URL(t.app.config.publicUrl);
    const res = await addAddress(user, { origin: `http://127.0.0.1:${shop.port || 80}` });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      `Request refused: origin not allowed (the shop is at ${shop.origin})`,
    );
    expect(await addresses(user)).toHaveLength(0);
  });

  it.each([
    ['the shop’s own Origin', { origin: TEST_ORIGIN }],
    ['an Origin listed in CORS_ORIGINS', { origin: 'http://localhost:5173' }],
    ['no Origin but the shop’s own Referer', { referer: `${TEST_ORIGIN}/shop/checkout` }],
  ])('is accepted with %s', async (_name, headers) => {
    const user = await makeUser(t);
    const res = await addAddress(user, headers);
    expect(res.statusCode).toBe(201);
    expect(await addresses(user)).toHaveLength(1);
  });

  it('a logout without Origin is refused too (it would sign the shopper out)', async () => {
    const user = await makeUser(t);
    const res = await t.injectAsIs({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(403);
    const check = await t.app.inject({
      method: 'GET',
      url: '/api/auth/check-auth',
      headers: { cookie: user.cookie },
    });
    expect(check.json().success).toBe(true);
  });
});

describe('a mutating request without a session cookie', () => {
  it('passes without Origin (curl or a server signing in)', async () => {
    const user = await makeUser(t);
    const res = await t.injectAsIs({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    expect(res.statusCode).toBe(200);
  });

  it('is refused when a browser marks it cross-site', async () => {
    const user = await makeUser(t);
    const res = await t.injectAsIs({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
  });

  // A foreign page signing the visitor into an account of its own (login CSRF), or making
  // accounts in their name: a foreign Referer counts as a foreign Origin, cookie or not.
  it.each([
    ['JSON sign-in', '/api/auth/login', 'json'],
    ['JSON sign-up', '/api/auth/register', 'json'],
    ['sign-in form', '/auth/login', 'form'],
    ['sign-up form', '/auth/register', 'form'],
  ] as const)('%s is refused with a foreign Referer and no Origin', async (_name, url, kind) => {
    const user = await makeUser(t);
    const fields = { userName: 'Eve', email: user.email, password: user.password };
    const res = await t.injectAsIs({
      method: 'POST',
      url,
      payload: kind === 'json' ? fields : new URLSearchParams(fields).toString(),
      headers: {
        ...(kind === 'form' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        referer: 'https://evil.example/page',
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.cookies.find((c) => c.name === 'session')).toBeUndefined();
  });

  it('passes with the shop’s own Referer and no Origin', async () => {
    const user = await makeUser(t);
    const res = await t.injectAsIs({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
      headers: { referer: `${TEST_ORIGIN}/auth/login` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('is refused with a foreign Origin', async () => {
    const res = await t.injectAsIs({
      method: 'POST',
      url: '/api/auth/register',
      payload: { userName: 'Eve', email: 'eve2@example.com', password: 'password1' },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });
});
