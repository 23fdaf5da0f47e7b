import { isId } from '@contract/common';
import { FORMER_CUSTOMER } from '@contract/customers';
import type { AccountExport } from '@contract/privacy';
import type { Db } from '../../db/client';
import { transact } from '../../db/transaction';
import { AppError, notFound } from '../../lib/app-error';
import { userShopper } from '../../lib/shopper';
import type { AddressesService } from '../addresses';
import type { AccountsService, AuthService } from '../auth';
import type { CartService } from '../cart';
import { customerNotesOf, orderNotesOf } from '../customers';
import type { EmailService } from '../email';
import { listToRecipient, type OutboxRow } from '../email';
import type { MySizesService } from '../my-sizes';
import type { OrdersService, WithOrderRecords } from '../orders';
import type { ReviewsService } from '../reviews';
import type { StockAlertsService } from '../stock-alerts';
import type { WishlistService } from '../wishlist';
import { eraseAccount } from './privacy.repository';

export type PrivacyDeps = {
  auth: AuthService;
  accounts: AccountsService;
  email: EmailService;
  addresses: AddressesService;
  orders: OrdersService;
  reviews: ReviewsService;
  wishlist: WishlistService;
  stockAlerts: StockAlertsService;
  mySizes: MySizesService;
  cart: CartService;
};

const iso = (d: Date) => d.toISOString();

/** A message as a download shows it: what was sent and when, never its data. */
export const toEmailExport = (m: OutboxRow) => ({
  kind: m.template,
  subject: m.subject ?? '',
  status: m.status,
  createdAt: iso(m.createdAt),
  sentAt: m.sentAt ? iso(m.sentAt) : null,
});

/**
 * Privacy requests (GDPR art. 15 and 17): one account's data as a download, and its erasure.
 * Reads go through each module's service, or its entry for what no service answers (the mail to
 * the account's address, the notes); the erasure is one transaction of the modules' statements,
 * each through its module's entry (privacy.repository.ts). This module owns no table.
 */
export class PrivacyService {
  constructor(
    private readonly db: Db,
    private readonly deps: PrivacyDeps,
  ) {}

  private async account(userId: string) {
    const row = isId(userId) ? await this.deps.accounts.find(userId) : undefined;
    if (!row) throw notFound('Customer');
    return row;
  }

  async export(userId: string, now = new Date()): Promise<WithOrderRecords<AccountExport>> {
    const user = await this.account(userId);
    const { addresses, orders, reviews, wishlist, stockAlerts, mySizes, cart } = this.deps;
    const [own, guest, reviewList, addressList, saved, alerts, sizes, cartNow, mails, notes] =
      await Promise.all([
        orders.listForUser(userId),
        // The guest orders placed with the account's email (any case), as a claim would take.
        orders.listGuestOrdersOf(user.email),
        reviews.listForUser(userId),
        addresses.list(userId),
        wishlist.list(userId),
        stockAlerts.list(userId),
        mySizes.list(userId),
        cart.get(userShopper(userId)),
        listToRecipient(this.db, user.email),
        customerNotesOf(this.db, userId),
      ]);
    const orderList = [...own, ...guest];
    const orderNotes = await orderNotesOf(
      this.db,
      orderList.map((o) => o.id),
    );
    return {
      exportedAt: iso(now),
      profile: {
        _id: user.id,
        userName: user.userName,
        email: user.email,
        role: user.role,
        joinedAt: iso(user.createdAt),
      },
      addresses: addressList,
      orders: orderList,
      cart: cartNow,
      reviews: reviewList,
      savedItems: saved,
      stockAlerts: alerts,
      savedSizes: sizes,
      emails: mails.map(toEmailExport),
      notes: {
        customer: notes.map((n) => ({ body: n.body, createdAt: iso(n.createdAt) })),
        orders: orderNotes.map((n) => ({
          orderId: n.orderId,
          body: n.body,
          createdAt: iso(n.createdAt),
        })),
      },
    };
  }

  /** The shopper's own deletion: only with their password; a wrong one changes nothing. */
  async deleteOwn(userId: string, password: string) {
    const user = await this.account(userId);
    const ok = await this.deps.auth.verifyCredentials(user.email, password).then(
      () => true,
      () => false,
    );
    if (!ok) {
      throw new AppError(
        'INVALID_CREDENTIALS',
        'That password is not correct: nothing was deleted',
      );
    }
    if (user.role !== 'shopper') {
      throw new AppError('FORBIDDEN', 'A staff account is removed by the shop, not deleted here');
    }
    return this.erase(userId);
  }

  /**
   * Erases a shopper's personal data in one transaction: everything is replaced or deleted
   * (earlier mail to the old address too), then the confirmation is queued to the old address,
   * the one row that keeps it until the outbox's 30-day purge. Sessions end on every instance
   * at commit.
   */
  async erase(userId: string, now = new Date()) {
    const before = await this.account(userId);
    if (before.role !== 'shopper') {
      throw new AppError('FORBIDDEN', 'Only a customer account can be erased here');
    }
    await transact(this.db, async (tx) => {
      const user = await this.deps.accounts.lock(tx, userId);
      if (!user || user.deletedAt)
        throw new AppError('CONFLICT', 'This account is already deleted');
      await eraseAccount(tx, user, FORMER_CUSTOMER, now);
      await this.deps.email.enqueue(tx, {
        to: user.email,
        template: 'accountDeleted',
        data: { userName: user.userName },
      });
    });
    this.deps.auth.sessions.forgetUser(userId);
    return { _id: userId, deletedAt: iso(now) };
  }
}
