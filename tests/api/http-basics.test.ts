import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

// The app's HTTP basics every route relies on: the Origin check, hostile input, health,
// security headers, request ids and the OpenAPI document. Sign-up and sessions: auth.test.ts.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

function _cookieFrom(res: { cookies: { name: string; value: string }[] }) {
  const c = res.cookies.find((x) => x.name === 'session');
  return c ? `session=${c.value}` : '';
}

describe('origin check (CSRF)', () => {
  it('refuses a POST with a foreign Origin and changes nothing', async () => {
    const res = await post(
      '/api/auth/register',
      { userName: 'Eve', email: 'eve@example.com', password: 'password1' },
      { origin: 'https://evil.example' },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const login = await post('/api/auth/login', {
      email: 'eve@example.com',
      password: 'password1',
    });
    expect(login.statusCode).toBe(401);
  });

  it('accepts the shop’s own origin', async () => {
    const res = await post(
      '/api/auth/register',
      { userName: 'Own', email: 'own@example.com', password: 'password1' },
      { origin: TEST_ORIGIN },
    );
    expect(res.statusCode).toBe(201);
  });

  it('refuses a cross-site request that hides its Origin', async () => {
    const res = await post('/api/auth/logout', undefined, { 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
  });
});

describe('hostile input', () => {
  const valid = { userName: 'Val', email: 'val@example.com', password: 'password1' };

  it('answers malformed JSON with 400 in the error shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'INVALID_INPUT',
      message: expect.any(String),
    });
  });

  it.each([
    ['a missing field', { userName: 'x', email: 'x@example.com' }, 'password'],
    ['an extra field', { ...valid, isAdmin: true }, 'isAdmin'],
    ['a wrong type', { ...valid, userName: 42 }, 'userName'],
    ['a NUL byte', { ...valid, userName: 'ab\u0000c' }, 'userName'],
    ['a 10,000-character value', { ...valid, userName: 'x'.repeat(10_000) }, 'userName'],
    ['a 10,000-character email', { ...valid, email: `${'x'.repeat(10_000)}@example.com` }, 'email'],
    ['a 10,000-character password', { ...valid, password: 'x'.repeat(10_000) }, 'password'],
    ['a NUL byte in the password', { ...valid, password: 'pass\u0000word1' }, 'password'],
    ['a body that is not an object', [1, 2, 3], ''],
  ])('register with %s is a 400 naming the field', async (_name, body, field) => {
    const res = await post('/api/auth/register', body);
    expect(res.statusCode).toBe(400);
    const json = res.json();
    expect(json).toEqual({ success: false, code: 'INVALID_INPUT', message: expect.any(String) });
    expect(json.message).toContain(field);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it.each([
    ['a NUL byte', { email: 'a\u0000@example.com', password: 'password1' }],
    ['a 10,000-character value', { email: 'a@example.com', password: 'p'.repeat(10_000) }],
    ['an empty body', undefined],
  ])('login with %s is a 400', async (_name, body) => {
    const res = await post('/api/auth/login', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_INPUT');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});

describe('operations', () => {
  it('answers health and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('sends the security headers on every answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/check-auth' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('echoes a request id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers['x-request-id']).toBe('abc-123');
  });

  it('serves an OpenAPI document listing the auth routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/register',
        '/api/auth/login',
        '/api/auth/logout',
        '/api/auth/check-auth',
      ]),
    );
  });
});
