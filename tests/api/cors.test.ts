import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config';
import { uploadImage } from '../factories/images';
import { makeProduct } from '../factories/products';
import { makeUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { makeWebRoot } from '../helpers/web-root';

// The original client runs on another origin (http://localhost:5173) and calls the API with
// credentials: CORS_ORIGINS lists such origins; any other origin gets no CORS answer.
const CLIENT = 'http://localhost:5173';
const OTHER = 'http://localhost:5174';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CORS_ORIGINS: CLIENT });
});
afterAll(async () => t.close());

const preflight = (origin: string, method = 'POST', url = '/api/shop/cart/add') =>
  t.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'content-type',
    },
  });

describe('CORS for CORS_ORIGINS', () => {
  it('answers the preflight of a listed origin, credentials allowed', async () => {
    const res = await preflight(CLIENT);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(CLIENT);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain(
      'content-type',
    );
    for (const method of ['PUT', 'DELETE']) {
      expect((await preflight(CLIENT, method)).headers['access-control-allow-methods']).toContain(
        method,
      );
    }
  });

  it('gives another origin no CORS headers, on preflights or answers', async () => {
    const res = await preflight(OTHER);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const get = await t.app.inject({
      method: 'GET',
      url: '/api/shop/products/get',
      headers: { origin: OTHER },
    });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets a listed origin sign in and use its session, and read the refusals', async () => {
    const user = await makeUser(t);
    const product = await makeProduct(t, { totalStock: 5 });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
      headers: { origin: CLIENT },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['access-control-allow-origin']).toBe(CLIENT);
    expect(login.headers['access-control-allow-credentials']).toBe('true');
    expect(String(login.headers['set-cookie'])).toMatch(/SameSite=Lax/i);
    const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/shop/cart/add',
      payload: { userId: user.id, productId: product._id, quantity: 1 },
      headers: { origin: CLIENT, cookie },
    });
    expect(add.statusCode).toBe(200);
    expect(add.headers['access-control-allow-origin']).toBe(CLIENT);
    expect(add.headers.vary).toContain('Origin');
    // Errors carry the CORS headers too, so the client can read the message.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/shop/cart/add',
      payload: { userId: user.id, productId: product._id, quantity: 99 },
      headers: { origin: CLIENT, cookie },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['access-control-allow-origin']).toBe(CLIENT);
    expect(String(refused.headers['access-control-expose-headers']).toLowerCase()).toContain(
      'retry-after',
    );
  });

  it('refuses a session-carrying write from an unlisted origin (CSRF), CORS aside', async () => {
    const user = await makeUser(t);
    const product = await makeProduct(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shop/cart/add',
      payload: { userId: user.id, productId: product._id, quantity: 1 },
      headers: { origin: OTHER, cookie: user.cookie },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('session cookie for a client on another site', () => {
  it('COOKIE_SAME_SITE=none needs production (Secure cookies over HTTPS)', () => {
    expect(() => loadConfig({ COOKIE_SAME_SITE: 'none' })).toThrow(/COOKIE_SAME_SITE/);
    expect(() => loadConfig({ COOKIE_SAME_SITE: 'sideways' })).toThrow(/COOKIE_SAME_SITE/);
  });

  it('sets SameSite=None; Secure when configured', async () => {
    const prod = await createTestApp({
      NODE_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(32),
      PAYPAL_SIMULATOR: 'true',
      COOKIE_SAME_SITE: 'none',
      PUBLIC_URL: 'https://api.shop.example',
      CORS_ORIGINS: 'https://www.other-site.example',
    });
    try {
      const user = await makeUser(prod);
      const login = await prod.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password },
        headers: { origin: 'https://www.other-site.example' },
      });
      expect(login.statusCode).toBe(200);
      const setCookie = String(login.headers['set-cookie']);
      expect(setCookie).toMatch(/SameSite=None/i);
      expect(setCookie).toMatch(/Secure/);
      expect(setCookie).toMatch(/HttpOnly/);
    } finally {
      await prod.close();
    }
  });
});

describe('Cross-Origin-Resource-Policy', () => {
  it('lets other origins embed images and built assets, never API answers or pages', async () => {
    const shop = await createTestApp({ CORS_ORIGINS: CLIENT }, { webRoot: makeWebRoot() });
    try {
      const image = await uploadImage(shop, await makeUser(shop, { role: 'admin' }));
      const policy = async (url: string) => {
        const res = await shop.app.inject({ method: 'GET', url, headers: { origin: OTHER } });
        expect(res.statusCode, url).toBe(200);
        return res.headers['cross-origin-resource-policy'];
      };
      expect(await policy(new URL(image).pathname)).toBe('cross-origin');
      expect(await policy('/assets/index.css')).toBe('cross-origin');
      expect(await policy('/api/shop/products/get')).toBe('same-origin');
      expect(await policy('/api/auth/check-auth')).toBe('same-origin');
      expect(await policy('/auth/login')).toBe('same-origin');
    } finally {
      await shop.close();
    }
  });
});
