import { CLI_ACTOR } from '../modules/audit';
import type { Services } from '../services';

/**
 * `npm run admin -- create`: creates an admin or promotes the account with that email (its
 * password reset), and records it in the audit log as the CLI's write.
 */
export async function createAdmin(
  services: Pick<Services, 'auth' | 'audit'>,
  input: { email: string; password: string; userName: string },
) {
  const result = await services.auth.upsertAdmin(input);
  const { user, created } = result;
  const account = { email: user.email, userName: user.userName, role: user.role };
  await services.audit.record(CLI_ACTOR, {
    action: created ? 'user.create_admin' : 'user.promote_admin',
    entity: 'user',
    entityId: user.id,
    before: null,
    // The password is never logged; that it was set is.
    after: created ? account : { ...account, signInReset: true },
  });
  return result;
}
