import { periodEnd, type ShopCalendar } from '@contract/legal-periods';
import { refundDays, withdrawalDays } from '@contract/return-constants';
import type { CreateGuestReturnBody, CreateReturnBody, ReturnStatus } from '@contract/returns';
import type { Db, Executor } from '../../db/client';
import { transact } from '../../db/transaction';
import { AppError, notFound } from '../../lib/app-error';
import type { OrderRecord, OrdersService } from '../orders';
import type { ReturnMail } from './return-mail';
import { checkLines, checkReturnable, isInWithdrawalPeriod, needsGoodsBack } from './return-rules';
import { withLines } from './return-views';
import * as repo from './returns.repository';

export type ReturnsDeps = {
  orders: OrdersService;
  mail: ReturnMail;
  returnDays: number;
  calendar: ShopCalendar;
};

type NewRequest = {
  kind: 'return' | 'withdrawal';
  lines: Array<{ lineId: string; quantity: number; reason: repo.NewReturnLine['reason'] }>;
  comment: string;
  /** The consumer's name (the withdrawal form asks it). */
  name?: string;
  createdBy: string | null;
  now: Date;
};

/**
 * Return requests by shoppers and guests, and the admin's queue. A request is checked and
 * written under its order's row lock, so two requests for the same units cannot both pass.
 */
export class ReturnsService {
  constructor(
    private readonly db: Db,
    private readonly deps: ReturnsDeps,
  ) {}

  /** A signed-in shopper's return of lines of their own delivered order. */
  async createForUser(userId: string, body: CreateReturnBody, now = new Date()) {
    return transact(this.db, async (tx) => {
      const order = await this.deps.orders.lock(body.orderId, tx);
      if (!order) throw notFound('Order');
      if (order.userId !== userId) {
        throw new AppError('FORBIDDEN', 'You can only return your own orders');
      }
      return this.createReturn(tx, order, body, { createdBy: userId, now });
    });
  }

  /** A guest's return: the token of the order's emailed status link proves the order. */
  async createForGuest(token: string, body: CreateGuestReturnBody, now = new Date()) {
    const found = await this.deps.orders.findByAccessToken(token);
    return transact(this.db, async (tx) => {
      const order = (await this.deps.orders.lock(found.id, tx))!;
      return this.createReturn(tx, order, body, { createdBy: null, now });
    });
  }

  private async createReturn(
    tx: Executor,
    order: OrderRecord,
    body: CreateGuestReturnBody,
    { createdBy, now }: { createdBy: string | null; now: Date },
  ) {
    const { calendar } = this.deps;
    checkReturnable(order, now, this.deps.returnDays, calendar);
    // Within the withdrawal period a return is the shopper's withdrawal: it needs no reason.
    const isInPeriod = isInWithdrawalPeriod(order, now, calendar);
    const lines = body.lines.map((l, i) => {
      if (l.reason) return { ...l, reason: l.reason };
      if (isInPeriod) return { ...l, reason: 'other' as const };
      throw new AppError(
        'INVALID_INPUT',
        `lines.${i}.reason: is required once the ${withdrawalDays}-day withdrawal period is over`,
      );
    });
    checkLines(order, lines);
    return this.insert(tx, order, {
      kind: 'return',
      lines,
      comment: body.comment,
      createdBy,
      now,
    });
  }

  /**
   * Writes a checked request and queues its acknowledgment, in the caller's transaction. The
   * order's date and each line's product and size are copied from the order as read through
   * the orders module (`checkLines` made sure every line is one of its lines): the report
   * groups them without the orders tables.
   */
  async insert(tx: Executor, order: OrderRecord, request: NewRequest) {
    const to = await this.deps.mail.recipient(tx, order);
    const items = new Map(order.lines.map((i) => [i.lineId, i]));
    const { now } = request;
    const isWithdrawalRight =
      request.kind === 'withdrawal' || isInWithdrawalPeriod(order, now, this.deps.calendar);
    const row = await repo.insertReturn(
      tx,
      {
        orderId: order.id,
        orderDate: order.orderDate,
        kind: request.kind,
        comment: request.comment,
        name: request.name ?? '',
        email: to?.email ?? '',
        createdBy: request.createdBy,
        createdAt: now,
        isWithdrawalRight,
        // Art. 13(1): refunded within 14 days of the day the shop was told.
        refundDueAt: isWithdrawalRight ? periodEnd(now, refundDays, this.deps.calendar) : null,
        awaitsGoods: request.kind === 'return' || needsGoodsBack(order, request.lines),
      },
      request.lines.map((l) => {
        const item = items.get(l.lineId)!;
        return {
          orderItemId: l.lineId,
          productId: item.productId,
          size: item.size,
          quantity: l.quantity,
          reason: l.reason,
        };
      }),
    );
    const [view] = await withLines(tx, [{ row, orderNumber: order.orderNumber }]);
    await this.deps.mail.requested(tx, order, view!, row.email, this.deps.returnDays);
    return view!;
  }

  /** The admin's queue: refunds overdue first (the longest overdue first), then newest first. */
  async list(status: ReturnStatus | undefined, page: number, limit: number, now = new Date()) {
    const { rows, total } = await repo.listPage(this.db, status, limit, (page - 1) * limit, now);
    return {
      returns: await withLines(this.db, rows),
      pagination: { page, limit, total, pages: Math.ceil(total / limit) },
    };
  }
}
