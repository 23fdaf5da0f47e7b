import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/src/config';

describe('config', () => {
  it('has working defaults for a fresh machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 5000, DATA_DIR: './data', isProduction: false });
    expect(config.publicUrl).toBe('http://localhost:5000');
    expect(config.allowedOrigins).toEqual(['http://localhost:5000']);
  });

  it('listens on 127.0.0.1 outside production and on every interface in production', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(
      loadConfig({
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(32),
        PAYPAL_SIMULATOR: 'true',
      }).HOST,
    ).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('derives the allowed origins from PUBLIC_URL and CORS_ORIGINS', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://shop.example.com/',
      CORS_ORIGINS: 'https://admin.example.com, https://m.example.com',
    });
    expect(config.publicUrl).toBe('https://shop.example.com');
    expect(config.allowedOrigins).toEqual([
      'https://shop.example.com',
      'https://admin.example.com',
      'https://m.example.com',
    ]);
  });

  it.each([
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ NODE_ENV: 'production' }, 'SESSION_SECRET'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ ADMIN_EMAIL: 'owner@example.com' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'longenough' }, 'ADMIN_EMAIL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ AUTH_RATE_LIMIT_PER_MINUTE: '0' }, 'AUTH_RATE_LIMIT_PER_MINUTE'],
    [{ CORS_ORIGINS: 'not a url' }, 'CORS_ORIGINS'],
    [{ COOKIE_SAME_SITE: 'none' }, 'COOKIE_SAME_SITE'],
    [{ PAGE_CACHE_MB: '0' }, 'PAGE_CACHE_MB'],
    [{ PAGE_CACHE_MB: 'lots' }, 'PAGE_CACHE_MB'],
    [{ SELECTION_RENDERS_PER_SECOND: '-1' }, 'SELECTION_RENDERS_PER_SECOND'],
    [{ SELECTION_RENDERS_PER_SECOND: '2.5' }, 'SELECTION_RENDERS_PER_SECOND'],
  ])('refuses %o naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
