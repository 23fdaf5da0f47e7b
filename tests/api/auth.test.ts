import { staffPermissions } from '@contract/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

function cookieFrom(res: { cookies: { name: string; value: string }[] }) {
  const c = res.cookies.find((x) => x.name === 'session');
  return c ? `session=${c.value}` : '';
}

describe('register', () => {
  it('creates a shopper and answers with a message', async () => {
    const res = await post('/api/auth/register', {
      userName: 'Ann',
      email: 'ann@example.com',
      password: 'correct horse',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: expect.any(String) });

    const login = await post('/api/auth/login', {
      email: 'ann@example.com',
      password: 'correct horse',
    });
    expect(login.json().user).toMatchObject({ userName: 'Ann', role: 'shopper' });
  });

  it('refuses the same email in another case', async () => {
    await post('/api/auth/register', {
      userName: 'B',
      email: 'Case@Example.com',
      password: 'password1',
    });
    const res = await post('/api/auth/register', {
      userName: 'B2',
      email: 'case@example.COM',
      password: 'password2',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, code: 'EMAIL_TAKEN' });
  });

  it('always makes a shopper, even when asked for admin', async () => {
    const res = await post('/api/auth/register', {
      userName: 'Mallory',
      email: 'mallory@example.com',
      password: 'password1',
      role: 'admin',
    });
    expect(res.statusCode).toBe(400);
    const ok = await post('/api/auth/register', {
      userName: 'Mallory',
      email: 'mallory@example.com',
      password: 'password1',
    });
    expect(ok.statusCode).toBe(201);
    const login = await post('/api/auth/login', {
      email: 'mallory@example.com',
      password: 'password1',
    });
    expect(login.json().user.role).toBe('shopper');
  });

  it('refuses a password under 8 characters, naming the field', async () => {
    const res = await post('/api/auth/register', {
      userName: 'C',
      email: 'c@example.com',
      password: 'short',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'INVALID_INPUT' });
    expect(res.json().message).toContain('password');
  });
});

describe('login', () => {
  it('gives the same message for a wrong password and an unknown email', async () => {
    const user = await makeUser(t);
    const wrong = await post('/api/auth/login', {
      email: user.email,
      password: 'not-the-password',
    });
    const unknown = await post('/api/auth/login', {
      email: 'nobody@example.com',
      password: 'whatever1',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ success: false, code: 'INVALID_CREDENTIALS' });
    expect(wrong.cookies).toHaveLength(0);
  });

  it('sets an httpOnly, SameSite=Lax session cookie and never returns the password hash', async () => {
    const user = await makeUser(t);
    const res = await post('/api/auth/login', {
      email: user.email.toUpperCase(),
      password: user.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: expect.any(String),
      user: {
        id: user.id,
        userName: user.userName,
        email: user.email,
        role: 'shopper',
        permissions: [],
      },
    });
    const cookie = res.cookies.find((c) => c.name === 'session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(res.body).not.toContain('argon2');
  });
});

describe('check-auth and logout', () => {
  it('reports no user without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/check-auth' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: false, user: null });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('reports the user with a session', async () => {
    const user = await makeUser(t, { role: 'admin' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/check-auth',
      headers: { cookie: user.cookie },
    });
    expect(res.json()).toEqual({
      success: true,
      // An admin holds every permission (issue 27).
      user: {
        id: user.id,
        userName: user.userName,
        email: user.email,
        role: 'admin',
        permissions: [...staffPermissions],
      },
    });
  });

  it('ignores a forged session token', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/check-auth',
      headers: { cookie: 'session=forged-token-value' },
    });
    expect(res.json()).toEqual({ success: false, user: null });
  });

  it('logout revokes the session: the old cookie stops working', async () => {
    const user = await makeUser(t);
    const login = await post('/api/auth/login', { email: user.email, password: user.password });
    const cookie = cookieFrom(login);
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/auth/check-auth',
      headers: { cookie },
    });
    expect(before.json().success).toBe(true);

    const out = await post('/api/auth/logout', undefined, { cookie });
    expect(out.statusCode).toBe(200);
    const cleared = out.cookies.find((c) => c.name === 'session');
    expect(cleared?.value).toBe('');

    const after = await t.app.inject({
      method: 'GET',
      url: '/api/auth/check-auth',
      headers: { cookie },
    });
    expect(after.json()).toEqual({ success: false, user: null });
  });
});
