import { randomBytes } from 'node:crypto';
import {
  type GuestExport,
  type GuestPrivacyLink,
  type GuestPrivacyRequest,
  guestPrivacyHours,
} from '@contract/privacy';
import { TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { transact } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import type { EmailService } from '../email';
import { listAboutOrders } from '../email';
import type { OrdersService, WithOrderRecords } from '../orders';
import { findGuestPrivacyToken, insertGuestPrivacyToken } from './guest-privacy.repository';
import { eraseGuestOrders, GUEST_PRIVACY_TEMPLATES } from './privacy.repository';
import { toEmailExport } from './privacy.service';

export type GuestPrivacyDeps = {
  orders: OrdersService;
  email: EmailService;
  /** HMAC of a token (auth's key): what the database keeps of the links. */
  hashToken: (token: string) => string;
};

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const iso = (d: Date) => d.toISOString();

const invalidLink = () =>
  new AppError(
    'NOT_FOUND',
    'This link is invalid or has expired. Ask again from the privacy request page',
  );

/**
 * A guest's privacy requests (GDPR art. 15, 17 and 20) for the orders placed with an email and
 * claimed by no account. The request names an order by number and email, as the lookup does;
 * the proof is a link sent to the email the order was placed with, and only following it shows
 * the data or erases it.
 */
export class GuestPrivacyService {
  constructor(
    private readonly db: Db,
    private readonly deps: GuestPrivacyDeps,
  ) {}

  /**
   * Emails the link when an unclaimed guest order has this number and email; the route answers
   * before this runs. Equal work either way: the token is drawn and stored and the mail written
   * whatever the lookup found, and rolled back when it found nothing. Returns whether it was kept.
   */
  async request(
    orderNumber: number,
    email: string,
    request: GuestPrivacyRequest,
    now = new Date(),
  ) {
    const token = randomBytes(32).toString('base64url');
    const tokenHash = this.deps.hashToken(token);
    const order = await this.deps.orders.findGuestOrder(orderNumber, email);
    const to = order && order.userId === null ? order.guestEmail : null;
    const expiresAt = new Date(now.getTime() + guestPrivacyHours * 3_600_000);
    try {
      await transact(this.db, async (tx) => {
        const address = to ?? email;
        await insertGuestPrivacyToken(tx, { tokenHash, email: address, request, expiresAt }, now);
        await this.deps.email.enqueue(tx, {
          to: address,
          template: 'guestPrivacy',
          data: { orderNumber: String(orderNumber), request, token, hours: guestPrivacyHours },
        });
        if (!to) tx.rollback();
      });
    } catch (error) {
      if (error instanceof TransactionRollbackError) return false;
      throw error;
    }
    return true;
  }

  private async link(token: string, now: Date) {
    const row = TOKEN.test(token)
      ? await findGuestPrivacyToken(this.db, this.deps.hashToken(token), now)
      : undefined;
    if (!row) throw invalidLink();
    return row;
  }

  /** What the link allows, and for which orders (their numbers only). */
  async describe(token: string, now = new Date()): Promise<GuestPrivacyLink> {
    const link = await this.link(token, now);
    const orders = await this.deps.orders.listGuestOrdersOf(link.email);
    return {
      request: link.request,
      orderNumbers: orders.map((o) => Number(o.orderNumber)),
      expiresAt: iso(link.expiresAt),
    };
  }

  /**
   * The guest's orders of that email with their lines, shipments and returns, and the mail about
   * them (kind, subject, dates). Either link shows it: a guest may keep a copy before erasing.
   */
  async export(token: string, now = new Date()): Promise<WithOrderRecords<GuestExport>> {
    const link = await this.link(token, now);
    const orders = await this.deps.orders.listGuestOrdersOf(link.email);
    const ids = orders.map((o) => o.id);
    const mails = await listAboutOrders(this.db, link.email, ids, GUEST_PRIVACY_TEMPLATES);
    return {
      exportedAt: iso(now),
      email: link.email,
      orders,
      emails: mails.map(toEmailExport),
    };
  }

  /**
   * Erases the personal data of the email's guest orders (409 naming an order still owed its
   * delivery or refund, and then nothing changes); the link works once, as every link of that
   * email ends with it.
   */
  async erase(token: string, now = new Date()) {
    const link = await this.link(token, now);
    if (link.request !== 'erase') {
      throw new AppError(
        'FORBIDDEN',
        'This link is for a download. Ask for an erasure from the privacy request page',
      );
    }
    const erasedOrders = await transact(this.db, (tx) => eraseGuestOrders(tx, link.email));
    return { erasedOrders };
  }
}
