import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/src/config';

const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) };

describe('payments config', () => {
  it('defaults to the built-in simulator, which is a sandbox', () => {
    const { paypal } = loadConfig({ PUBLIC_URL: 'http://shop.test:8080' });
    expect(paypal).toMatchObject({
      apiBase: 'http://shop.test:8080/paypal-sandbox',
      simulator: true,
      isSandbox: true,
      timeoutMs: 15_000,
    });
  });

  it('refuses production without PayPal settings, naming each one', () => {
    expect(() => loadConfig(production)).toThrow(ConfigError);
    for (const name of ['PAYPAL_API_BASE', 'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET']) {
      expect(() => loadConfig(production)).toThrow(name);
    }
  });

  it('uses the simulator in production only when PAYPAL_SIMULATOR=true', () => {
    expect(loadConfig({ ...production, PAYPAL_SIMULATOR: 'true' }).paypal.simulator).toBe(true);
    const live = loadConfig({
      ...production,
      PAYPAL_API_BASE: 'https://api-m.paypal.com',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
    });
    expect(live.paypal).toMatchObject({
      apiBase: 'https://api-m.paypal.com',
      simulator: false,
      isSandbox: false,
    });
  });

  it('needs credentials with an explicit PAYPAL_API_BASE', () => {
    expect(() => loadConfig({ PAYPAL_API_BASE: 'https://api-m.sandbox.paypal.com' })).toThrow(
      'PAYPAL_CLIENT_ID',
    );
    const sandbox = loadConfig({
      PAYPAL_API_BASE: 'https://api-m.sandbox.paypal.com/',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
    });
    expect(sandbox.paypal).toMatchObject({
      apiBase: 'https://api-m.sandbox.paypal.com',
      isSandbox: true,
    });
  });

  it('keeps the digits of SHOP_WHATSAPP_NUMBER and refuses a non-number', () => {
    expect(loadConfig({ SHOP_WHATSAPP_NUMBER: '+1 (555) 123-4567' }).whatsappNumber).toBe(
      '15551234567',
    );
    expect(() => loadConfig({ SHOP_WHATSAPP_NUMBER: 'call us' })).toThrow('SHOP_WHATSAPP_NUMBER');
  });
});
