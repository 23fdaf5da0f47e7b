import { randomBytes } from 'node:crypto';
import type { SessionUser } from '@contract/auth';
import type { Db } from '../../db/client';
import { transact } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import { CLAIM_DAYS, type OrderMailService } from '../email';
import { decoyOrderRow } from './order-decoy';
import type { OrdersService } from './orders.service';
import * as guestRepo from './orders-guest.repository';
import { undoUnless } from './undo-unless';

type Deps = {
  orders: OrdersService;
  mail: OrderMailService;
  /** HMAC of a token (auth's key): what the database keeps of claim links. */
  hashToken: (token: string) => string;
};

const invalidClaim = () =>
  new AppError(
    'NOT_FOUND',
    'This link is invalid, used or expired, or belongs to another account. Ask for a new one from your account page',
  );

/**
 * Guest orders after checkout: the status page behind an emailed link, the lookup that sends
 * that link again, and claims, which move the guest orders of an email into the account that
 * proved it owns that email by following a link sent there.
 */
export class GuestOrdersService {
  constructor(
    private readonly db: Db,
    private readonly deps: Deps,
  ) {}

  /** The order behind a status link (404 otherwise). */
  byToken(token: string) {
    return this.deps.orders.findByAccessToken(token);
  }

  /**
   * Emails a fresh status link when a guest order has this number and email; says nothing
   * either way (the route answers before this runs), and does the same work either way, so
   * the next answer's speed says nothing either: without an order, a decoy's lines are read and
   * its link and mail written, then undone. Returns whether a mail was queued.
   */
  async lookup(orderNumber: number, email: string) {
    return transact(this.db, async (tx) => {
      const row = await guestRepo.findGuestOrder(tx, orderNumber, email);
      const [order] = await this.deps.orders.withItems(
        [row ?? decoyOrderRow(orderNumber, email)],
        tx,
      );
      return undoUnless(row !== undefined, tx, (sp) => this.deps.mail.orderLink(sp, order!));
    });
  }

  /**
   * Emails the account a link to claim the guest orders placed with its email, when there are
   * any. Returns whether a mail was queued (the routes run it after answering).
   */
  async offerClaim(user: Pick<SessionUser, 'id' | 'email' | 'userName'>, now = new Date()) {
    if (!(await guestRepo.hasUnclaimedGuestOrders(this.db, user.email))) return false;
    const token = randomBytes(32).toString('base64url');
    await transact(this.db, async (tx) => {
      await guestRepo.replaceClaimToken(tx, {
        tokenHash: this.deps.hashToken(token),
        userId: user.id,
        email: user.email,
        expiresAt: new Date(now.getTime() + CLAIM_DAYS * 24 * 60 * 60_000),
      });
      await this.deps.mail.claimOrders(tx, user, token);
    });
    return true;
  }

  /**
   * Follows a claim link, signed in as the account it was sent to: the unclaimed guest orders
   * of the email it was sent to become the account's. Returns how many.
   */
  async claim(userId: string, token: string, now = new Date()) {
    if (token.length > 200) throw invalidClaim();
    const claimed = await transact(this.db, async (tx) => {
      const row = await guestRepo.takeClaimToken(tx, this.deps.hashToken(token), userId, now);
      if (!row) return undefined;
      return guestRepo.claimGuestOrders(tx, userId, row.email);
    });
    if (!claimed) throw invalidClaim();
    return claimed.length;
  }
}
