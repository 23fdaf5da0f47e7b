import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, startSecondInstance, type TestApp } from '../helpers/test-app';

// Runs when TEST_REDIS_URL names a Redis (CI does); vitest.config leaves it out otherwise, so
// `npm test` passes on a machine without one.
const redisUrl = process.env.TEST_REDIS_URL ?? '';
const env = { AUTH_RATE_LIMIT_PER_MINUTE: '3', REDIS_URL: redisUrl };

let t: TestApp;
let other: Awaited<ReturnType<typeof startSecondInstance>>;
let redis: Redis;
beforeAll(async () => {
  t = await createTestApp(env);
  other = await startSecondInstance(t, env);
  redis = new Redis(redisUrl);
});
afterAll(async () => {
  redis.disconnect();
  await other.close();
  await t.close();
});

it('counts login attempts across instances that share Redis', async () => {
  // A fresh address and email each run: the counters outlive the test in Redis.
  const ip = `10.${randomBytes(3).join('.')}`;
  const codes: number[] = [];
  for (const app of [t.app, other, t.app, other]) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: {
        email: `${randomBytes(4).toString('hex')}@example.com`,
        password: 'wrong-password',
      },
      remoteAddress: ip,
    });
    codes.push(res.statusCode);
  }
  expect(codes).toEqual([401, 401, 401, 429]);
});

it('names each counter by its budget and key, with the window as its expiry', async () => {
  const ip = `10.${randomBytes(3).join('.')}`;
  const email = `${randomBytes(4).toString('hex')}@example.com`;
  await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'wrong-password' },
    remoteAddress: ip,
  });
  expect(await redis.get(`shop-rl:auth-ip:${ip}`)).toBe('1');
  expect(await redis.get(`shop-rl:auth-email:${email}`)).toBe('1');
  const ttl = await redis.pttl(`shop-rl:auth-ip:${ip}`);
  expect(ttl).toBeGreaterThan(50_000);
  expect(ttl).toBeLessThanOrEqual(60_000);
  expect(await redis.keys(`*${ip}*`)).toEqual([`shop-rl:auth-ip:${ip}`]);
});
