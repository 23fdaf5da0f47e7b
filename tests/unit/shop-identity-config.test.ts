import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/src/config';

describe('shop name and contact address', () => {
  it('default to the spec’s title and the sender’s address', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://shop.example.com' });
    expect(config.SHOP_NAME).toBe('The E-Commerce Store');
    expect(config.contactEmail).toBe('shop@shop.example.com');
  });

  it('name the sender after SHOP_NAME, quoted so a comma stays part of the name', () => {
    const config = loadConfig({ SHOP_NAME: 'Smith, Jones & Co', PUBLIC_URL: 'https://s.example' });
    expect(config.mailFrom).toBe('"Smith, Jones & Co" <shop@s.example>');
  });

  it('take the contact address from MAIL_FROM, or from SHOP_CONTACT_EMAIL when set', () => {
    expect(loadConfig({ MAIL_FROM: 'Shop <orders@example.com>' }).contactEmail).toBe(
      'orders@example.com',
    );
    expect(
      loadConfig({ MAIL_FROM: 'orders@example.com', SHOP_CONTACT_EMAIL: 'help@example.com' })
        .contactEmail,
    ).toBe('help@example.com');
  });

  it.each([
    [{ SHOP_NAME: '' }, 'SHOP_NAME'],
    [{ SHOP_NAME: 'Evil <script>' }, 'SHOP_NAME'],
    [{ SHOP_NAME: 'Two\r\nlines' }, 'SHOP_NAME'],
    [{ SHOP_NAME: 'x'.repeat(81) }, 'SHOP_NAME'],
    [{ SHOP_CONTACT_EMAIL: 'not-an-address' }, 'SHOP_CONTACT_EMAIL'],
  ])('refuses %o naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
