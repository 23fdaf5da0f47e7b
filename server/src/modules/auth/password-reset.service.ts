import { randomBytes } from 'node:crypto';
import type { Db, Executor } from '../../db/client';
import { transact } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import type { EmailService } from '../email';
import * as repo from './auth.repository';
import { type AuthService, hashPassword } from './auth.service';

export const RESET_MINUTES = 30;
/** A staff invitation's link: the same reset token, valid longer (issue 27). */
export const INVITE_DAYS = 7;

const invalidLink = () =>
  new AppError('INVALID_INPUT', 'This reset link is invalid, used or expired. Ask for a new one');

/** Forgotten passwords: an emailed single-use link, then a new password and no old sessions. */
export class PasswordResetService {
  constructor(
    private readonly db: Db,
    private readonly auth: AuthService,
    private readonly email: EmailService,
  ) {}

  /**
   * Emails a reset link if the account exists; says nothing either way. The route runs this
   * after answering, so the reply takes the same time for every address.
   */
  async request(email: string, now = new Date()) {
    const user = await repo.findUserByEmail(this.db, email);
    // A deactivated staff member or an erased account gets no link (they cannot sign in).
    if (!user || user.deactivatedAt !== null || user.deletedAt !== null) return false;
    const token = randomBytes(32).toString('base64url');
    await transact(this.db, async (tx) => {
      await repo.replaceResetToken(tx, {
        tokenHash: this.auth.hashToken(token),
        userId: user.id,
        expiresAt: new Date(now.getTime() + RESET_MINUTES * 60_000),
      });
      await this.email.enqueue(tx, {
        to: user.email,
        template: 'passwordReset',
        data: { userName: user.userName, token, minutes: RESET_MINUTES },
      });
    });
    return true;
  }

  /**
   * Emails a new staff member the link to choose their first password, inside the caller's
   * transaction (the account and its invitation exist together or not at all). The link is a
   * reset link, so POST /api/auth/reset-password accepts it.
   */
  async invite(
    tx: Executor,
    user: { id: string; email: string; userName: string },
    now = new Date(),
  ) {
    const token = randomBytes(32).toString('base64url');
    await repo.replaceResetToken(tx, {
      tokenHash: this.auth.hashToken(token),
      userId: user.id,
      expiresAt: new Date(now.getTime() + INVITE_DAYS * 86_400_000),
    });
    await this.email.enqueue(tx, {
      to: user.email,
      template: 'staffInvite',
      data: { userName: user.userName, token, days: INVITE_DAYS },
    });
  }

  /** Sets the password once per link and signs the account out everywhere. */
  async reset(token: string, password: string) {
    const passwordHash = await hashPassword(password);
    const userId = await transact(this.db, async (tx) => {
      const row = await repo.takeResetToken(tx, this.auth.hashToken(token), new Date());
      if (!row) return undefined;
      await repo.updateUser(tx, row.userId, { passwordHash });
      await repo.deleteUserSessions(tx, row.userId);
      return row.userId;
    });
    if (!userId) throw invalidLink();
    // Other instances hear of the deleted sessions through the database's notifications.
    this.auth.sessions.forgetUser(userId);
  }
}
