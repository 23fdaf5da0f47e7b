import type { AddressInfo } from 'node:net';
import { formNotice } from '@contract/auth-notices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

// The sign-in and sign-up pages' forms posted as plain HTML (before their code runs, or with
// JavaScript off): modules/auth/auth.forms.ts.
let t: TestApp;
let limited: TestApp;
beforeAll(async () => {
  [t, limited] = await Promise.all([
    createTestApp(),
    createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '2' }),
  ]);
});
afterAll(async () => Promise.all([t.close(), limited.close()]));

const form = (
  url: string,
  fields: Record<string, string>,
  { app = t, origin = TEST_ORIGIN, ip = '10.9.0.1' } = {},
) =>
  app.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
    remoteAddress: ip,
  });

const account = { userName: 'Fern', email: 'fern@example.com', password: 'fern-password' };
const sessionOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === 'session')?.value;

describe('sign-up form', () => {
  it('creates the shopper and sends them to sign in, with what they were going to do kept', async () => {
    const res = await form('/auth/register?redirect=%2Fshop%2Fcart', account);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/auth/login?redirect=%2Fshop%2Fcart&notice=registered');
    expect(sessionOf(res)).toBeUndefined();
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: account.password },
    });
    expect(api.json().user).toMatchObject({ userName: 'Fern', role: 'shopper' });
  });

  it('says when the email is taken, and when the form does not hold what the API would take', async () => {
    const taken = await form('/auth/register', { ...account, userName: 'Other' });
    expect(taken.headers.location).toBe('/auth/register?notice=taken');
    const short = await form('/auth/register', {
      ...account,
      email: 'x@example.com',
      password: 'short',
    });
    expect(short.headers.location).toBe('/auth/register?notice=invalid');
    // A role is not a field of the form: nobody signs up as an admin this way either.
    const admin = await form('/auth/register', {
      ...account,
      email: 'y@example.com',
      role: 'admin',
    });
    expect(admin.headers.location).toBe('/auth/register?notice=invalid');
  });
});

describe('sign-in form', () => {
  it('signs in and hands the visitor back to the sign-in page, which sends them on', async () => {
    const res = await form('/auth/login?redirect=%2Fshop%2Fcart', {
      email: account.email,
      password: account.password,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/auth/login?redirect=%2Fshop%2Fcart');
    const token = sessionOf(res);
    expect(token).toBeTruthy();
    const check = await t.app.inject({
      method: 'GET',
      url: '/api/auth/check-auth',
      headers: { cookie: `session=${token}` },
    });
    expect(check.json().user).toMatchObject({ email: account.email });
  });

  it('says the email or password is wrong without starting a session', async () => {
    for (const fields of [
      { email: account.email, password: 'not-the-password' },
      { email: 'nobody@example.com', password: account.password },
    ]) {
      const res = await form('/auth/login', fields);
      expect(res.headers.location).toBe('/auth/login?notice=credentials');
      expect(sessionOf(res)).toBeUndefined();
    }
    const empty = await form('/auth/login', {});
    expect(empty.headers.location).toBe('/auth/login?notice=invalid');
  });

  it('shares the API budget of attempts', async () => {
    const attempt = () =>
      form('/auth/login', { email: 'target@example.com', password: 'guess' }, { app: limited });
    await limited.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'target@example.com', password: 'guess' },
      remoteAddress: '10.9.0.1',
    });
    expect((await attempt()).headers.location).toBe('/auth/login?notice=credentials');
    expect((await attempt()).headers.location).toBe('/auth/login?notice=rate-limited');
  });

  it('refuses a form posted from another site, and bodies that are not form fields', async () => {
    const foreign = await form(
      '/auth/login',
      { email: account.email, password: account.password },
      { origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);
    expect(sessionOf(foreign)).toBeUndefined();
    const json = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: account.email, password: account.password },
      headers: { origin: TEST_ORIGIN },
    });
    expect(json.statusCode).toBe(415);
    const huge = await form('/auth/login', { email: account.email, password: 'x'.repeat(10_000) });
    expect(huge.statusCode).toBe(413);
  });

  it('sends a form posted from another name of this server to the shop, doing nothing', async () => {
    // The page opened at http://127.0.0.1:3000 when the shop is http://localhost:3000.
    const other = 'http://127.0.0.1:3000';
    const post = (url: string, headers: Record<string, string>, fields = account) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: new URLSearchParams(fields).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'text/html,application/xhtml+xml',
          host: '127.0.0.1:3000',
          ...headers,
        },
      });
    const signIn = await post('/auth/login?redirect=%2Fshop%2Fcheckout', { origin: other });
    expect(signIn.statusCode).toBe(303);
    expect(signIn.headers.location).toBe(
      `${TEST_ORIGIN}/auth/login?redirect=%2Fshop%2Fcheckout&notice=elsewhere`,
    );
    expect(sessionOf(signIn)).toBeUndefined();
    expect(formNotice('elsewhere')?.isError).toBe(true);
    // A browser follows a form's redirect only to an address its page's form-action allows.
    const policy = String(signIn.headers['content-security-policy']);
    expect(policy).toMatch(new RegExp(`form-action 'self' ${TEST_ORIGIN}(;|$)`));
    const elsa = { userName: 'Elsa', email: 'elsewhere@example.com', password: account.password };
    const signUp = await post('/auth/register', { referer: `${other}/auth/register` }, elsa);
    expect(signUp.headers.location).toBe(`${TEST_ORIGIN}/auth/register?notice=elsewhere`);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'elsewhere@example.com', password: account.password },
      headers: { origin: TEST_ORIGIN },
    });
    expect(created.statusCode).toBe(401);
    // Another site's form, and the JSON API from another name, are still refused.
    const foreign = await post('/auth/login', { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    const api = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: account.password },
      headers: { origin: other, host: '127.0.0.1:3000' },
    });
    expect(api.statusCode).toBe(403);
    expect(api.json().message).toContain(`the shop is at ${TEST_ORIGIN}`);
  });

  it('leaves the JSON API refusing form bodies', async () => {
    const res = await form('/api/auth/login', { email: account.email, password: account.password });
    expect(res.statusCode).toBe(415);
    expect(sessionOf(res)).toBeUndefined();
  });

  it('keeps only a bounded redirect and names no notice of its own choosing', async () => {
    const long = `/shop/${'a'.repeat(2100)}`;
    const res = await form(`/auth/login?redirect=${encodeURIComponent(long)}`, {});
    expect(res.headers.location).toBe('/auth/login?notice=invalid');
    expect(formNotice('credentials')?.text).toBe('Incorrect email or password');
    expect(formNotice('Your account is locked, call us')).toBeUndefined();
    expect(formNotice('toString')).toBeUndefined();
  });
});

it('works over real HTTP, as a browser posts it', async () => {
  const server = await createTestApp();
  try {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    const body = new URLSearchParams(account);
    const headers = { origin: TEST_ORIGIN };
    const signUp = await fetch(`${base}/auth/register`, {
      method: 'POST',
      body,
      headers,
      redirect: 'manual',
    });
    expect(signUp.status).toBe(303);
    const signIn = await fetch(`${base}/auth/login`, {
      method: 'POST',
      body: new URLSearchParams({ email: account.email, password: account.password }),
      headers,
      redirect: 'manual',
    });
    expect(signIn.status).toBe(303);
    expect(signIn.headers.get('location')).toBe('/auth/login');
    expect(signIn.headers.get('set-cookie')).toMatch(/^session=[^;]+;.*HttpOnly/i);
    // The same form from a page opened at the server's own address, which is not the shop's
    // (PUBLIC_URL): sent to the shop's sign-in page, signed in as no one.
    const elsewhere = await fetch(`${base}/auth/login`, {
      method: 'POST',
      body: new URLSearchParams({ email: account.email, password: account.password }),
      headers: { origin: base, accept: 'text/html' },
      redirect: 'manual',
    });
    expect(elsewhere.status).toBe(303);
    expect(elsewhere.headers.get('location')).toBe(`${TEST_ORIGIN}/auth/login?notice=elsewhere`);
    expect(elsewhere.headers.get('set-cookie')).toBeNull();
  } finally {
    await server.close();
  }
});
