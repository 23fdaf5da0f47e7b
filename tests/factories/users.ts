import { randomBytes } from 'node:crypto';
import type { SessionUser } from '@contract/auth';
import type { TestApp } from '../helpers/test-app';

export type TestUser = SessionUser & { password: string; cookie: string };

let counter = 0;

/** Creates a user (shopper unless role says otherwise) and signs them in. */
export async function makeUser(
  { app }: TestApp,
  overrides: Partial<{
    role: 'admin' | 'shopper';
    email: string;
    userName: string;
    password: string;
  }> = {},
): Promise<TestUser> {
  counter += 1;
  const password = overrides.password ?? `pw-${randomBytes(6).toString('hex')}`;
  const email = overrides.email ?? `user${counter}-${randomBytes(4).toString('hex')}@example.com`;
  const userName = overrides.userName ?? `User ${counter}`;
  const { auth } = app.services;
  let user: SessionUser;
  if (overrides.role === 'admin') {
    user = (await auth.upsertAdmin({ email, password, userName })).user;
  } else {
    user = await auth.register({ email, password, userName });
  }
  const { token } = await auth.createSession(user.id);
  return { ...user, password, cookie: `session=${token}` };
}
