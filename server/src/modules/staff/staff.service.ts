import { randomBytes } from 'node:crypto';
import { type SessionUser, type StaffPermission, staffPermissions } from '@contract/auth';
import type { InviteStaffBody, StaffMember, UpdateStaffBody } from '@contract/staff';
import type { Db } from '../../db/client';
import { transact } from '../../db/transaction';
import { AppError, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { hasPermission } from '../../plugins/sessions';
import {
  type AccountsService,
  type AuthService,
  hashPassword,
  type PasswordResetService,
  type StaffRow,
} from '../auth';

const emailTaken = () =>
  new AppError(
    'EMAIL_TAKEN',
    'An account already uses this email. Invite staff with an address of their own',
  );

function toMember(row: StaffRow, owner: string | undefined): StaffMember {
  const permissions =
    row.role === 'admin'
      ? [...staffPermissions]
      : staffPermissions.filter((p) => row.permissions.includes(p));
  return {
    id: row.id,
    userName: row.userName,
    email: row.email,
    role: row.role,
    permissions,
    isOwner: row.id === owner,
    active: row.deactivatedAt === null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Staff accounts (issue 27). Admins and staff holding `staff` manage them, and never beyond
 * their own rights: they grant or remove only permissions they hold, and change only people
 * whose permissions they hold all of. Admins (the owner first) are not changed here.
 */
export class StaffService {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      auth: AuthService;
      accounts: AccountsService;
      passwordReset: PasswordResetService;
    },
  ) {}

  async list(): Promise<StaffMember[]> {
    const [rows, owner] = await Promise.all([
      this.deps.accounts.listStaff(),
      this.deps.accounts.ownerId(),
    ]);
    return rows.map((row) => toMember(row, owner));
  }

  /** Creates a staff account with an unusable password and emails its set-password link. */
  async invite(actor: SessionUser, body: InviteStaffBody): Promise<StaffMember> {
    assertCanGrant(actor, body.permissions);
    // Nobody knows this password: the account is usable once the emailed link sets one.
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    try {
      return await transact(this.db, async (tx) => {
        // A shopper's account is not turned into staff: 409, the invitation goes nowhere.
        if (await this.deps.accounts.idByEmail(tx, body.email)) throw emailTaken();
        const row = await this.deps.accounts.insertStaff(tx, {
          email: body.email,
          userName: body.userName,
          passwordHash,
          role: 'staff',
          permissions: orderOf(body.permissions),
        });
        await this.deps.passwordReset.invite(tx, row);
        return toMember(row, await this.deps.accounts.ownerId(tx));
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }
  }

  async update(actor: SessionUser, id: string, body: UpdateStaffBody): Promise<StaffMember> {
    return transact(this.db, async (tx) => {
      const row = await this.deps.accounts.lock(tx, id);
      if (!row || row.deletedAt || row.role === 'shopper') throw notFound('Staff member');
      if (row.role === 'admin') {
        const owner = await this.deps.accounts.ownerId(tx);
        throw new AppError(
          'FORBIDDEN',
          row.id === owner ? 'Nobody can change the owner' : 'Admins are not changed here',
        );
      }
      if (row.id === actor.id) throw new AppError('FORBIDDEN', 'You cannot change your own access');
      // Someone with rights the actor lacks is out of the actor's reach.
      const current = row.permissions as StaffPermission[];
      assertCanGrant(actor, current, 'This person has permissions you do not have');
      if (body.permissions) assertCanGrant(actor, body.permissions);
      const deactivating = body.active === false && row.deactivatedAt === null;
      const updated = await this.deps.accounts.updateStaff(tx, id, {
        ...(body.userName !== undefined ? { userName: body.userName } : {}),
        ...(body.permissions ? { permissions: orderOf(body.permissions) } : {}),
        ...(body.active === true ? { deactivatedAt: null } : {}),
        ...(deactivating ? { deactivatedAt: new Date() } : {}),
      });
      // Every instance forgets the sessions on the rows' NOTIFY; the user row's change
      // (user_changed) also makes them reload the new permissions.
      if (deactivating) await this.deps.auth.signOutEverywhere(id, tx);
      return toMember(updated, await this.deps.accounts.ownerId(tx));
    });
  }
}

function assertCanGrant(
  actor: SessionUser,
  permissions: readonly StaffPermission[],
  message = 'You cannot grant a permission you do not have',
) {
  if (!permissions.every((p) => hasPermission(actor, p))) throw new AppError('FORBIDDEN', message);
}

/** Stored in the contract's order, so lists read the same whatever order they were sent in. */
const orderOf = (permissions: readonly StaffPermission[]) =>
  staffPermissions.filter((p) => permissions.includes(p));
