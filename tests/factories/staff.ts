import type { StaffPermission } from '@contract/auth';
import { eq } from 'drizzle-orm';
import { users } from '../../server/src/db/schema';
import type { TestApp } from '../helpers/test-app';
import { makeUser, type TestUser } from './users';

/** A signed-in staff member holding exactly `permissions`. */
export async function makeStaff(t: TestApp, permissions: StaffPermission[]): Promise<TestUser> {
  const user = await makeUser(t);
  await t.db.update(users).set({ role: 'staff', permissions }).where(eq(users.id, user.id));
  // The session cache may hold the shopper; the update's NOTIFY also clears it.
  t.app.services.auth.sessions.forgetUser(user.id);
  return { ...user, role: 'staff', permissions };
}
