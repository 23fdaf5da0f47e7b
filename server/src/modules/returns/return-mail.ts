import { type Return, returnReasonLabels, withdrawalExceptionLabels } from '@contract/returns';
import type { Executor } from '../../db/client';
import type { AuthService } from '../auth';
import type { EmailReturn, EmailReturnOrder, EmailService } from '../email';
import type { OrderRecord, OrdersService } from '../orders';

type Deps = { email: EmailService; auth: AuthService; orders: OrdersService; timeZone: string };

/**
 * The messages of each step of a return, queued in the step's transaction (sent only if it
 * commits). They go to where the order's messages go: the account's email, or the guest's, with
 * a fresh status link for a guest as the order messages have.
 */
export class ReturnMail {
  constructor(private readonly deps: Deps) {}

  /** The order's address and greeting; undefined when it has none (an account since removed). */
  async recipient(tx: Executor, order: OrderRecord) {
    if (order.userId === null) {
      return order.guestEmail
        ? { email: order.guestEmail, userName: order.address.name }
        : undefined;
    }
    // The greeting names the order's recipient; an account's name for orders before it was kept.
    const contact = await this.deps.auth.contact(order.userId, tx);
    return contact && { ...contact, userName: order.address.name || contact.userName };
  }

  async orderPart(tx: Executor, order: OrderRecord, userName: string): Promise<EmailReturnOrder> {
    const statusToken =
      order.userId === null ? await this.deps.orders.issueAccessToken(order.id, tx) : undefined;
    return {
      orderId: order.id,
      orderNumber: String(order.orderNumber),
      userName,
      ...(statusToken ? { statusToken } : {}),
    };
  }

  async snapshot(tx: Executor, order: OrderRecord, ret: Return, email: string) {
    const to = await this.recipient(tx, order);
    if (!to) return undefined;
    const data: EmailReturn = {
      order: await this.orderPart(tx, order, to.userName),
      kind: ret.kind,
      lines: ret.lines.map((l) => ({
        title: l.title,
        quantity: l.quantity,
        ...(l.size ? { size: l.size } : {}),
        ...(l.color ? { color: l.color } : {}),
        ...(ret.kind === 'return' ? { reason: returnReasonLabels[l.reason] } : {}),
        ...(l.restocked !== null ? { restocked: l.restocked } : {}),
      })),
      receivedAt: ret.createdAt,
      comment: ret.comment,
      isShipped: ret.awaitsGoods,
      ...(ret.refundDueAt ? { refundDueAt: ret.refundDueAt } : {}),
      timeZone: this.deps.timeZone,
    };
    // The address kept on the return: where the acknowledgment went stays where later steps go.
    return { to: email || to.email, data };
  }

  async requested(
    tx: Executor,
    order: OrderRecord,
    ret: Return,
    email: string,
    returnDays: number,
  ) {
    const s = await this.snapshot(tx, order, ret, email);
    if (!s) return;
    if (ret.kind === 'withdrawal') {
      await this.deps.email.enqueue(tx, { to: s.to, template: 'withdrawalReceived', data: s.data });
      return;
    }
    await this.deps.email.enqueue(tx, {
      to: s.to,
      template: 'returnRequested',
      data: { ...s.data, returnDays },
    });
  }

  async notRecorded(tx: Executor, order: OrderRecord, receivedAt: Date, reason: string) {
    const to = await this.recipient(tx, order);
    if (!to) return;
    await this.deps.email.enqueue(tx, {
      to: to.email,
      template: 'withdrawalNotRecorded',
      data: {
        order: await this.orderPart(tx, order, to.userName),
        receivedAt: receivedAt.toISOString(),
        reason,
      },
    });
  }

  async approved(tx: Executor, order: OrderRecord, ret: Return, email: string) {
    const s = await this.snapshot(tx, order, ret, email);
    if (!s) return;
    await this.deps.email.enqueue(tx, {
      to: s.to,
      template: 'returnApproved',
      data: { ...s.data, instructions: ret.instructions },
    });
  }

  async refused(tx: Executor, order: OrderRecord, ret: Return, email: string) {
    const s = await this.snapshot(tx, order, ret, email);
    if (!s) return;
    await this.deps.email.enqueue(tx, {
      to: s.to,
      template: 'returnRefused',
      data: { ...s.data, reason: ret.refusalReason },
    });
  }

  async exception(tx: Executor, order: OrderRecord, ret: Return, email: string) {
    const s = await this.snapshot(tx, order, ret, email);
    if (!s || !ret.exception) return;
    await this.deps.email.enqueue(tx, {
      to: s.to,
      template: 'withdrawalException',
      data: {
        ...s.data,
        exception: withdrawalExceptionLabels[ret.exception],
        reason: ret.exceptionReason,
      },
    });
  }

  async received(tx: Executor, order: OrderRecord, ret: Return, email: string) {
    const s = await this.snapshot(tx, order, ret, email);
    if (!s) return;
    await this.deps.email.enqueue(tx, { to: s.to, template: 'returnReceived', data: s.data });
  }
}
