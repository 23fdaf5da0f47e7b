import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { sessions, users } from '../../server/src/db/schema';
import { makeUser } from '../factories/users';
import { asOwnPages, createTestApp, type TestApp } from '../helpers/test-app';
import { eventually } from '../helpers/wait';

// Sessions are cached per instance; revocation must still reach every instance at once.
const secret = randomBytes(32).toString('hex');
let t: TestApp;
let other: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  t = await createTestApp();
  // Two instances of one shop: same database, same SESSION_SECRET.
  const build = () =>
    buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      database: t.database,
      sessionSecret: secret,
      webRoot: '/nonexistent',
    });
  await t.app.close();
  t.app = (await build()) as TestApp['app'];
  other = await build();
  await Promise.all([t.app.ready(), other.ready()]);
  asOwnPages(t.app);
  asOwnPages(other);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const whoAmI = async (app: typeof other, cookie: string) =>
  (await app.inject({ method: 'GET', url: '/api/auth/check-auth', headers: { cookie } })).json();

describe('session cache', () => {
  it('a logout on one instance signs the session out on the other', async () => {
    const user = await makeUser(t);
    expect((await whoAmI(other, user.cookie)).success).toBe(true);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: user.cookie },
    });
    expect((await whoAmI(t.app, user.cookie)).success).toBe(false);
    expect(await eventually(async () => !(await whoAmI(other, user.cookie)).success)).toBe(true);
  });

  it('a session deleted in the database (clean-up, another tool) stops working', async () => {
    const user = await makeUser(t);
    expect((await whoAmI(t.app, user.cookie)).success).toBe(true);
    await t.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect(await eventually(async () => !(await whoAmI(t.app, user.cookie)).success)).toBe(true);
  });

  it('a session shortened in SQL stops working on every instance that cached it', async () => {
    const user = await makeUser(t);
    expect((await whoAmI(t.app, user.cookie)).success).toBe(true);
    expect((await whoAmI(other, user.cookie)).success).toBe(true);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    for (const app of [t.app, other]) {
      expect(await eventually(async () => !(await whoAmI(app, user.cookie)).success)).toBe(true);
    }
  });

  it('the clean-up deletes expired sessions and keeps live ones', async () => {
    const live = await makeUser(t);
    const old = await makeUser(t);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, old.id));
    expect(await t.app.services.auth.purgeExpiredSessions()).toBeGreaterThanOrEqual(1);
    const left = await t.db.select().from(sessions).where(eq(sessions.userId, old.id));
    expect(left).toHaveLength(0);
    expect((await whoAmI(t.app, live.cookie)).success).toBe(true);
    expect((await whoAmI(t.app, old.cookie)).success).toBe(false);
  });

  it('a role change shows on the next requests of every instance', async () => {
    const user = await makeUser(t);
    expect((await whoAmI(other, user.cookie)).user.role).toBe('shopper');
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
    expect(
      await eventually(async () => (await whoAmI(other, user.cookie)).user?.role === 'admin'),
    ).toBe(true);
  });
});
