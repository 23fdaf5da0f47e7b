import { periodEnd, type ShopCalendar } from '@contract/legal-periods';
import { carrierLabels } from '@contract/shipment-constants';
import type { Executor } from '../../db/client';
import type { AuthService } from '../auth';
import type { OrderRecord } from '../orders';
import type { EmailService } from './email.service';

/** How long a claim link works. */
export const CLAIM_DAYS = 7;

import type { EmailOrder, FulfilmentStatus } from './templates/types';

const isFulfilment = (s: string): s is FulfilmentStatus =>
  ['inProcess', 'inShipping', 'delivered', 'rejected'].includes(s);

/** Mints a link to a guest order's status page (orders module): the token, once. */
export type StatusLinks = { issue(tx: Executor, orderId: string): Promise<string> };

/**
 * The messages about an order. Each takes the transaction of its event, so the mail is
 * enqueued exactly when the event commits. A guest's order (not claimed by an account) is
 * written to its checkout email, with a fresh link to its status page in each message.
 */
export class OrderMailService {
  constructor(
    private readonly email: EmailService,
    private readonly auth: AuthService,
    private readonly links: StatusLinks,
    /**
     * RETURN_DAYS and the shop's calendar: the delivered message states the last day of the
     * return window, counted as the order page counts it (contract/legal-periods.ts).
     */
    private readonly options: { returnDays: number; calendar: ShopCalendar },
  ) {}

  /** The order lookup found this guest order: its link, sent again to its email. */
  async orderLink(tx: Executor, order: OrderRecord) {
    const snapshot = await this.snapshot(tx, order, { guestLink: true });
    if (!snapshot) return;
    await this.email.enqueue(tx, {
      to: snapshot.to,
      template: 'orderLink',
      data: { order: snapshot.order },
    });
  }

  /** Offers an account the guest orders placed with its email (orders/guest-orders.service). */
  async claimOrders(tx: Executor, to: { email: string; userName: string }, token: string) {
    await this.email.enqueue(tx, {
      to: to.email,
      template: 'claimOrders',
      data: { userName: to.userName, token, days: CLAIM_DAYS },
    });
  }

  async paid(tx: Executor, order: OrderRecord) {
    const snapshot = await this.snapshot(tx, order);
    if (!snapshot) return;
    await this.email.enqueue(tx, {
      to: snapshot.to,
      template: 'orderConfirmed',
      data: { order: snapshot.order },
    });
  }

  /** PayPal holds the payment (its capture is PENDING): the order waits, nothing ships yet. */
  async paymentPending(tx: Executor, order: OrderRecord) {
    const snapshot = await this.snapshot(tx, order);
    if (!snapshot) return;
    await this.email.enqueue(tx, {
      to: snapshot.to,
      template: 'paymentPending',
      data: { order: snapshot.order },
    });
  }

  /** PayPal declined or denied the payment: the order is cancelled and nothing was charged. */
  async paymentFailed(tx: Executor, order: OrderRecord) {
    const snapshot = await this.snapshot(tx, order);
    if (!snapshot) return;
    await this.email.enqueue(tx, {
      to: snapshot.to,
      template: 'paymentFailed',
      data: { order: snapshot.order },
    });
  }

  async statusChanged(tx: Executor, order: OrderRecord, trackingNumber?: string) {
    if (!isFulfilment(order.orderStatus)) return;
    const snapshot = await this.snapshot(tx, order);
    if (!snapshot) return;
    await this.email.enqueue(tx, {
      to: snapshot.to,
      template: 'orderStatus',
      data: {
        order: snapshot.order,
        status: order.orderStatus,
        ...(trackingNumber ? { trackingNumber } : {}),
        ...(order.orderStatus === 'delivered' && order.deliveredAt
          ? { returnUntil: this.returnUntil(order.deliveredAt) }
          : {}),
      },
    });
  }

  /**
   * The return window's last day (Regulation 1182/71, in the shop's time zone, moved past a
   * weekend or holiday), as noon UTC of that date: the email's long date names it in any zone.
   */
  private returnUntil(deliveredAt: Date) {
    const { returnDays, calendar } = this.options;
    const end = periodEnd(deliveredAt, returnDays, calendar);
    const day = end.toLocaleDateString('en-CA', { timeZone: calendar.timeZone });
    return `${day}T12:00:00.000Z`;
  }

  /**
   * A parcel left (shipments module): every parcel so far, the newest last. It replaces the
   * generic "in shipping" status message when this parcel completes the order.
   */
  async shipped(tx: Executor, order: OrderRecord, { isComplete }: { isComplete: boolean }) {
    const snapshot = await this.snapshot(tx, order);
    if (!snapshot) return;
    // Each parcel's lines in the order's own order of lines.
    const shipments = order.shipments.map((s) => ({
      carrier: carrierLabels[s.carrier],
      trackingNumber: s.trackingNumber,
      trackingUrl: s.trackingUrl,
      lines: order.lines.flatMap((item) => {
        const quantity = s.lines.find((l) => l.lineId === item.lineId)?.quantity;
        if (!quantity) return [];
        return [
          {
            title: item.title,
            quantity,
            ...(item.size ? { size: item.size } : {}),
            ...(item.color ? { color: item.color } : {}),
          },
        ];
      }),
    }));
    await this.email.enqueue(tx, {
      to: snapshot.to,
      template: 'orderShipped',
      data: { order: snapshot.order, shipments, isComplete },
    });
  }

  async cancelled(tx: Executor, order: OrderRecord, refundedCents: number) {
    const snapshot = await this.snapshot(tx, order);
    if (!snapshot) return;
    await this.email.enqueue(tx, {
      to: snapshot.to,
      template: 'orderCancelled',
      data: { order: snapshot.order, refundedCents },
    });
  }

  async refunded(tx: Executor, order: OrderRecord, amountCents: number, reason: string) {
    const snapshot = await this.snapshot(tx, order);
    if (!snapshot) return;
    await this.email.enqueue(tx, {
      to: snapshot.to,
      template: 'orderRefunded',
      data: { order: snapshot.order, amountCents, reason },
    });
  }

  private async snapshot(tx: Executor, order: OrderRecord, { guestLink = false } = {}) {
    // The lookup answers with the guest link even once an account has claimed the order.
    const isGuest = order.userId === null || guestLink;
    const contact = isGuest
      ? order.guestEmail
        ? { email: order.guestEmail, userName: order.address.name }
        : undefined
      : await this.auth.contact(order.userId!, tx);
    if (!contact) return undefined;
    const statusToken = isGuest ? await this.links.issue(tx, order.id) : undefined;
    const { address: a } = order;
    const emailOrder: EmailOrder = {
      orderId: order.id,
      ...(order.orderNumber ? { orderNumber: String(order.orderNumber) } : {}),
      // Whom the order is for, as its label says; an account's name for older orders.
      userName: a.name || contact.userName,
      ...(statusToken ? { statusToken } : {}),
      orderDate: order.orderDate.toISOString(),
      paymentMethod: order.paymentMethod,
      lines: order.lines.map((i) => ({
        title: i.title,
        quantity: i.quantity,
        unitCents: i.unitCents,
        ...(i.size ? { size: i.size } : {}),
        ...(i.color ? { color: i.color } : {}),
      })),
      totalCents: order.totalCents,
      // The order's quote, as the checkout showed it.
      breakdown: {
        subtotalCents: order.subtotalCents,
        discountCents: order.discountCents,
        discountCode: order.discountCode,
        shippingCents: order.shippingCents,
        shippingMethod: order.shippingMethod?.name ?? '',
        taxCents: order.taxCents,
        taxName: order.taxLines[0]?.name ?? 'Tax',
        pricesIncludeTax: order.pricesIncludeTax,
      },
      ...(order.refundedCents ? { refundedCents: order.refundedCents } : {}),
      address: {
        name: a.name,
        address: a.address,
        city: a.city,
        pincode: a.pincode,
        phone: a.phone,
        region: a.region,
        country: a.country,
      },
    };
    return { to: contact.email, order: emailOrder };
  }
}
