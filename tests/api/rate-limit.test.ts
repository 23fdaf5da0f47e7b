import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
});
afterAll(async () => t.close());

const login = (email: string, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'wrong-password' },
    remoteAddress: ip,
  });

it('answers 429 once a client exceeds the login limit', async () => {
  const codes = [];
  for (let i = 0; i < 4; i += 1) codes.push((await login(`someone${i}@example.com`)).statusCode);
  expect(codes).toEqual([401, 401, 401, 429]);
  const limited = await login('another@example.com');
  expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
});

it('limits attempts on one email spread over many addresses', async () => {
  const codes = [];
  for (let i = 0; i < 4; i += 1)
    codes.push((await login('target@example.com', `10.1.0.${i}`)).statusCode);
  expect(codes).toEqual([401, 401, 401, 429]);
});

it('limits registration too', async () => {
  const codes = [];
  for (let i = 0; i < 4; i += 1) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { userName: 'R', email: `r${i}@example.com`, password: 'password1' },
      remoteAddress: '10.2.0.1',
    });
    codes.push(res.statusCode);
  }
  expect(codes).toEqual([201, 201, 201, 429]);
});

it('says when to retry: every 429 carries Retry-After and the RateLimit-* headers', async () => {
  const first = await login('headers@example.com', '10.3.0.1');
  expect(first.statusCode).toBe(401);
  expect(first.headers).toMatchObject({ 'ratelimit-limit': '3', 'ratelimit-remaining': '2' });
  await login('headers@example.com', '10.3.0.1');
  await login('headers@example.com', '10.3.0.1');
  for (const ip of ['10.3.0.1', '10.3.0.2']) {
    // The same address again, then a fresh address on the exhausted email: both limited.
    const limited = await login('headers@example.com', ip);
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers).toMatchObject({
      'ratelimit-limit': '3',
      'ratelimit-remaining': '0',
      'ratelimit-reset': String(retryAfter),
    });
    expect(limited.json().message).toContain(`${retryAfter} seconds`);
  }
});
