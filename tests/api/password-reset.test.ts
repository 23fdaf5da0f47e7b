import { FORGOT_PASSWORD_MESSAGE } from '@contract/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets } from '../../server/src/db/schema';
import { makeUser } from '../factories/users';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ ...smtp.env, PUBLIC_URL: 'https://shop.example.com' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

const me = (cookie: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/check-auth', headers: { cookie } });

/** Asks for a reset and returns the token from the emailed link. */
async function resetToken(email: string, previous = 0) {
  const res = await post('/api/auth/forgot-password', { email });
  expect(res.statusCode).toBe(200);
  const mails = await smtp.waitFor(previous + 1, email);
  const mail = mails[previous]!;
  const link = mail.text.match(/https:\/\/shop\.example\.com\/auth\/reset-password\?token=(\S+)/);
  expect(link).not.toBeNull();
  expect(mail.html).toContain(`/auth/reset-password?token=${link![1]}`);
  return decodeURIComponent(link![1]!);
}

describe('forgot password', () => {
  it('emails a link that sets a new password once, signs out every session, then is refused', async () => {
    const user = await makeUser(t);
    const other = await t.app.services.auth.createSession(user.id);
    const token = await resetToken(user.email);

    const reset = await post('/api/auth/reset-password', { token, password: 'brand new pass' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ success: true, message: expect.any(String) });
    // Every earlier session is gone.
    expect((await me(user.cookie)).json().user).toBeNull();
    expect((await me(`session=${other.token}`)).json().user).toBeNull();
    // The new password works, the old one does not.
    const login = await post('/api/auth/login', { email: user.email, password: 'brand new pass' });
    expect(login.statusCode).toBe(200);
    const old = await post('/api/auth/login', { email: user.email, password: user.password });
    expect(old.statusCode).toBe(401);

    // The link works once.
    const again = await post('/api/auth/reset-password', { token, password: 'another one!' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ success: false, code: 'INVALID_INPUT' });
    const still = await post('/api/auth/login', { email: user.email, password: 'brand new pass' });
    expect(still.statusCode).toBe(200);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const before = smtp.received.length;
    const known = await makeUser(t);
    const a = await post('/api/auth/forgot-password', { email: 'nobody-here@example.com' });
    const b = await post('/api/auth/forgot-password', { email: known.email });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    expect(a.json()).toEqual({ success: true, message: FORGOT_PASSWORD_MESSAGE });
    await smtp.waitFor(1, known.email);
    await t.app.services.email.sendDue();
    expect(smtp.received.slice(before).map((m) => m.to)).toEqual([known.email]);
  });

  it('keeps only the newest link, and stores the token hashed', async () => {
    const user = await makeUser(t);
    const first = await resetToken(user.email);
    const second = await resetToken(user.email, 1);
    const rows = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(second);
    expect(
      (await post('/api/auth/reset-password', { token: first, password: 'password-1' })).statusCode,
    ).toBe(400);
    expect(
      (await post('/api/auth/reset-password', { token: second, password: 'password-2' }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses an expired link', async () => {
    const user = await makeUser(t);
    const token = await resetToken(user.email);
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    const res = await post('/api/auth/reset-password', { token, password: 'too late now' });
    expect(res.statusCode).toBe(400);
    const login = await post('/api/auth/login', { email: user.email, password: user.password });
    expect(login.statusCode).toBe(200);
  });

  it('validates input: a short password, a missing token, a bad email', async () => {
    const user = await makeUser(t);
    const token = await resetToken(user.email);
    const short = await post('/api/auth/reset-password', { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    // The failed attempt did not use up the link.
    expect(
      (await post('/api/auth/reset-password', { token, password: 'long enough' })).statusCode,
    ).toBe(200);
    expect((await post('/api/auth/reset-password', { password: 'long enough' })).statusCode).toBe(
      400,
    );
    expect((await post('/api/auth/forgot-password', { email: 'not-an-email' })).statusCode).toBe(
      400,
    );
  });

  it('erases the link from the outbox once sent', async () => {
    const user = await makeUser(t);
    await resetToken(user.email);
    // The SMTP server has the mail; the outbox marks it sent once the server's answer is back.
    const sent = async () =>
      (await t.app.services.email.list('sent', 200)).emails.find(
        (e) => e.to === user.email && e.template === 'passwordReset',
      );
    await expect
      .poll(async () => (await sent())?.subject)
      .toBe('Reset your password · The E-Commerce Store');
    const mine = await sent();
    const { emailOutbox } = await import('../../server/src/db/schema');
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, mine!._id));
    expect(JSON.stringify(row!.data)).not.toContain('token');
  });
});

describe('rate limit', () => {
  it('limits forgot-password requests per email', async () => {
    const limited = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: 'limit@example.com' },
          headers: { 'x-forwarded-for': `10.0.0.${i}` },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
