import type { ShopCalendar } from '@contract/legal-periods';
import { returnableQuantities } from '@contract/return-constants';
import type { CreateWithdrawalBody } from '@contract/returns';
import type { Db, Executor } from '../../db/client';
import { transact } from '../../db/transaction';
import { AppError } from '../../lib/app-error';
import type { OrdersService } from '../orders';
import { fulfilmentFacts, type OrderRecord, undoUnless } from '../orders';
import type { ReturnMail } from './return-mail';
import { checkLines, withdrawalProblem } from './return-rules';
import type { ReturnsService } from './returns.service';

type Deps = {
  orders: OrdersService;
  returns: ReturnsService;
  mail: ReturnMail;
  calendar: ShopCalendar;
};

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The EU withdrawal function: an order number and the email it was placed with are enough. The
 * route answers the same whatever happens here (as the order lookup does), so only the order's
 * own address learns the outcome: the acknowledgment, or why it could not be recorded.
 */
export class WithdrawalsService {
  constructor(
    private readonly db: Db,
    private readonly deps: Deps,
  ) {}

  /**
   * Returns whether a withdrawal was recorded (the route runs it after answering). A number
   * that names no order, or an order of another email, does the same work on a decoy (or on
   * that order) and undoes its writes: the next answer's speed says nothing about the order.
   */
  async withdraw(body: CreateWithdrawalBody, now = new Date()) {
    return transact(this.db, async (tx) => {
      const { order, isReal } = await this.deps.orders.lockByNumber(
        body.orderNumber,
        body.email,
        tx,
      );
      const isTheirs = (await this.placedWith(tx, order, body.email)) && isReal;
      const remaining = returnableQuantities(fulfilmentFacts(order));
      const lines =
        body.lines ??
        order.lines
          .map((i) => ({ lineId: i.lineId, quantity: remaining.get(i.lineId) ?? 0 }))
          .filter((l) => l.quantity > 0);
      let problem = withdrawalProblem(order, now, this.deps.calendar);
      if (!problem && lines.length === 0) {
        problem = 'everything in this order is already being returned or withdrawn.';
      }
      try {
        if (!problem) checkLines(order, lines);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        problem = `${error.message.replace(/^lines\.\d+\.lineId: /, 'a line named ')}.`;
      }
      await undoUnless(isTheirs, tx, async (savepoint) => {
        if (problem) {
          await this.deps.mail.notRecorded(savepoint, order, now, problem);
          return;
        }
        // The law asks no reason for a withdrawal: its lines are recorded as "other".
        await this.deps.returns.insert(savepoint, order, {
          kind: 'withdrawal',
          lines: lines.map((l) => ({ ...l, reason: 'other' as const })),
          comment: body.comment,
          name: body.name,
          createdBy: null,
          now,
        });
      });
      return isTheirs && !problem;
    });
  }

  /** The guest's email, or the account's, in any case. */
  private async placedWith(tx: Executor, order: OrderRecord, email: string) {
    if (order.guestEmail && same(order.guestEmail, email)) return true;
    const to = await this.deps.mail.recipient(tx, order);
    return to !== undefined && same(to.email, email);
  }
}
