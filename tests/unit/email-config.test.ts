import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/src/config';
import { htmlToText, renderEmail } from '../../server/src/modules/email/render';

describe('mail configuration', () => {
  it('writes files by default, from an address on the shop host', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://shop.example.com' });
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.mailFrom).toBe('"The E-Commerce Store" <shop@shop.example.com>');
  });

  it('accepts smtp:// and smtps:// URLs and a named sender', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://user:p%40ss@mail.example.com:465',
      MAIL_FROM: 'Shop <orders@example.com>',
    });
    expect(config.SMTP_URL).toBe('smtps://user:p%40ss@mail.example.com:465');
    expect(config.mailFrom).toBe('Shop <orders@example.com>');
  });

  it.each([
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL'],
    [{ SMTP_URL: 'not a url' }, 'SMTP_URL'],
    [{ MAIL_FROM: 'nobody' }, 'MAIL_FROM'],
    [{ MAIL_FROM: 'Shop <a@b.c>\r\nBcc: x@y.z' }, 'MAIL_FROM'],
  ])('refuses %o naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});

describe('templates', () => {
  const ctx = { shopName: 'Test Shop', publicUrl: 'https://shop.example.com' };

  it('shows size, colour and the order number when the order has them', () => {
    const { subject, text, html } = renderEmail(
      'orderConfirmed',
      {
        order: {
          orderId: 'abc',
          orderNumber: '100042',
          userName: 'Ann <script>',
          lines: [{ title: 'Tee', quantity: 2, unitCents: 1250, size: 'M', color: 'Navy' }],
          totalCents: 2500,
          address: { address: '1 Road', city: 'Town', pincode: '123', phone: '555' },
        },
      },
      ctx,
    );
    expect(subject).toBe('Order #100042 confirmed · Test Shop');
    expect(text).toContain('Tee (Size M, Colour Navy) × 2');
    expect(text).toMatch(/Total\s+\$25\.00/);
    // Shopper-typed text is escaped in the HTML.
    expect(html).not.toContain('<script>');
    expect(html).toContain('Ann &lt;script&gt;');
  });

  it('names the day of the order in words in the shop’s time zone, and the payment as "PayPal"', () => {
    const order = {
      orderId: 'abc',
      orderNumber: '100042',
      userName: 'Ann',
      // 02:00 UTC on 3 December: still 2 December in New York, already 3 December in Tokyo.
      orderDate: '2026-12-03T02:00:00.000Z',
      paymentMethod: 'paypal',
      lines: [{ title: 'Tee', quantity: 1, unitCents: 1250, size: 'M', color: 'Navy' }],
      totalCents: 1250,
      address: {
        name: 'Ann Shopper',
        address: '1 Road',
        city: 'San Diego',
        region: 'CA',
        pincode: '92101',
        country: 'US',
        phone: '555',
      },
    };
    const newYork = renderEmail(
      'orderConfirmed',
      { order },
      { ...ctx, timeZone: 'America/New_York' },
    );
    expect(newYork.text).toContain('Order date: December 2, 2026');
    expect(newYork.text).toContain('Payment: PayPal');
    expect(newYork.text).not.toMatch(/paypal/);
    expect(newYork.text).toContain('Tee (Size M, Colour Navy) × 1');
    expect(newYork.text).toMatch(/Ann Shopper\s+1 Road\s+San Diego CA 92101\s+United States\s+555/);
    const tokyo = renderEmail('orderConfirmed', { order }, { ...ctx, timeZone: 'Asia/Tokyo' });
    expect(tokyo.text).toContain('Order date: December 3, 2026');
    // A message queued before orders carried the day and the payment shows neither.
    const { orderDate: _d, paymentMethod: _p, ...older } = order;
    const old = renderEmail('orderConfirmed', { order: older }, ctx);
    expect(old.text).not.toContain('Order date:');
    expect(old.text).toContain('San Diego CA 92101');
  });

  it('keeps a line break between blocks in the plain text: list items, then the next paragraph', () => {
    const { text } = renderEmail(
      'returnRequested',
      {
        order: { orderId: 'o1', orderNumber: '100042', userName: 'Ann' },
        kind: 'return',
        lines: [
          { title: 'Tee', quantity: 1, size: 'M', reason: 'Too small' },
          { title: 'Cap', quantity: 2, reason: 'Changed my mind' },
        ],
        receivedAt: '2026-12-01T10:00:00.000Z',
        comment: 'Sorry!',
        returnDays: 30,
      },
      ctx,
    );
    expect(text).toContain('- Tee (Size M) × 1 · Too small\n- Cap × 2 · Changed my mind\n');
    expect(text).toMatch(/Changed my mind\n+Your comment: Sorry!/);
    expect(text).not.toMatch(/Too small\S/);
    expect(text).toContain('because of your account at Test Shop');
  });

  it('never tells a guest "because of your account"', () => {
    const order = {
      orderId: 'abc',
      orderNumber: '100042',
      userName: '',
      statusToken: 'tok',
      lines: [{ title: 'Tee', quantity: 1, unitCents: 1250 }],
      totalCents: 1250,
      address: { address: '1 Road', city: 'Town', pincode: '123', phone: '555' },
    };
    const guest = renderEmail('orderConfirmed', { order }, ctx);
    expect(guest.text).not.toContain('because of your account');
    expect(guest.text).toContain('because you placed an order at Test Shop with this email');
    const privacy = renderEmail(
      'guestPrivacy',
      { orderNumber: '100042', request: 'download', token: 't', hours: 24 },
      ctx,
    );
    expect(privacy.text).not.toContain('because of your account');
    const alert = renderEmail('backInStock', { productId: 'p', title: 'Tee' }, ctx);
    expect(alert.text).toContain('because you asked Test Shop to tell you when this is back');
  });

  it('turns links into text with their address', () => {
    expect(htmlToText('<p><a href="https://x.test/a?b=1&amp;c=2">Open</a></p>')).toBe(
      'Open: https://x.test/a?b=1&c=2',
    );
  });
});
