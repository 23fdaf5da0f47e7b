import { createHash } from 'node:crypto';
import { brandLabels, categoryLabels } from '@contract/catalog-constants';
import { isId } from '@contract/common';
import { formatMoney, fromCents, toCents } from '@contract/money';
import type { Discount, DiscountBody } from '@contract/pricing';
import type { Db, Executor } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { AccountsService } from '../auth';
import { type DiscountRule, eligibleCents } from '../pricing';
import * as repo from './discounts.repository';

export type CodeRule = DiscountRule & { id: string; minSubtotalCents: number };
export type CodeCheck = { code: string; ok: boolean; reason: string };
export type EvaluatedCode = { check: CodeCheck; rule: CodeRule | null };
type CodeLine = { category: string; brand: string; unitCents: number; quantity: number };
export type CodeContext = {
  /** customerKey's answer: whose uses the per-customer limit counts (null: nobody known yet). */
  customer: string | null;
  /** The shopper (shopperKey) asking: the uses its own open checkout holds are its to take again. */
  shopper: string;
  lines: CodeLine[];
  now?: Date;
};
/** Who a checkout is for: an account, or a guest by the email it gave (none yet: null). */
export type Customer = { userId: string } | { email: string | null };

/**
 * The customer a per-customer limit counts: the email trimmed, in lower case, without the
 * `+tag` of its local part (dots are kept: only some mailboxes ignore them).
 */
export function customerKey(email: string) {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  const plus = address.indexOf('+');
  return plus > 0 && plus < at ? address.slice(0, plus) + address.slice(at) : address;
}

/** Why the lines a code covers do not reach its minimum, or null when they do. */
export function minimumShortfall(rule: CodeRule, lines: CodeLine[]): string | null {
  const missing = rule.minSubtotalCents - eligibleCents(rule, lines);
  if (missing <= 0) return null;
  const min = formatMoney(fromCents(rule.minSubtotalCents));
  const more = formatMoney(fromCents(missing));
  if (rule.categories.length === 0 && rule.brands.length === 0) {
    return `This code needs a minimum subtotal of ${min}: add ${more} more`;
  }
  const names = [
    ...rule.categories.map((c) => categoryLabels[c as keyof typeof categoryLabels] ?? c),
    ...rule.brands.map((b) => brandLabels[b as keyof typeof brandLabels] ?? b),
  ];
  return `This code needs ${min} of ${names.join(' or ')} items in your cart: add ${more} more of them`;
}

const toRule = (row: repo.DiscountRow): CodeRule => ({
  id: row.id,
  code: row.code,
  type: row.type,
  // Percent is kept in hundredths of a percent, fixed in cents: the engine takes percent/cents.
  value: row.type === 'percent' ? row.value / 100 : row.value,
  categories: row.categories,
  brands: row.brands,
  minSubtotalCents: row.minSubtotalCents,
});

function toValues(body: DiscountBody): repo.DiscountValues {
  return {
    code: body.code,
    type: body.type,
    value:
      body.type === 'percent'
        ? Math.round(body.value * 100)
        : body.type === 'fixed'
          ? toCents(body.value)
          : 0,
    minSubtotalCents: toCents(body.minSubtotal),
    startsAt: body.startsAt ? new Date(body.startsAt) : null,
    endsAt: body.endsAt ? new Date(body.endsAt) : null,
    usageLimit: body.usageLimit,
    perCustomerLimit: body.perCustomerLimit,
    categories: body.categories,
    brands: body.brands,
  };
}

type Stats = Awaited<ReturnType<typeof repo.listWithStats>>[number];
const toDiscount = ({ discount: d, uses, revenueCents, givenCents }: Stats): Discount => ({
  _id: d.id,
  code: d.code,
  type: d.type,
  value: d.type === 'percent' ? d.value / 100 : fromCents(d.value),
  minSubtotal: fromCents(d.minSubtotalCents),
  startsAt: d.startsAt?.toISOString() ?? null,
  endsAt: d.endsAt?.toISOString() ?? null,
  usageLimit: d.usageLimit,
  perCustomerLimit: d.perCustomerLimit,
  categories: d.categories,
  brands: d.brands,
  uses,
  revenue: fromCents(revenueCents),
  discountGiven: fromCents(givenCents),
});

const takenCode = () => new AppError('CONFLICT', 'code: this code exists already');

/**
 * Discount codes: whether one applies to a cart (and why not), and its uses. A use is held
 * when a checkout opens (so a 10-use code pays 10 orders, however many race for it, and a
 * once-per-customer code one order of each customer), counted when the order is paid, and
 * given back (release) when the order is cancelled, expires, fails or is refunded in full.
 */
export class DiscountsService {
  constructor(
    private readonly db: Db,
    private readonly deps: { accounts: AccountsService },
  ) {}

  async list(): Promise<Discount[]> {
    return (await repo.listWithStats(this.db)).map(toDiscount);
  }

  async add(body: DiscountBody) {
    try {
      const row = await repo.insertDiscount(this.db, toValues(body));
      return this.get(row.id);
    } catch (error) {
      if (isUniqueViolation(error)) throw takenCode();
      throw error;
    }
  }

  async edit(id: string, body: DiscountBody) {
    if (!isId(id)) throw notFound('Discount');
    try {
      if (!(await repo.updateDiscount(this.db, id, toValues(body)))) throw notFound('Discount');
    } catch (error) {
      if (isUniqueViolation(error)) throw takenCode();
      throw error;
    }
    return this.get(id);
  }

  async remove(id: string) {
    if (!isId(id) || !(await repo.deleteDiscount(this.db, id))) throw notFound('Discount');
  }

  /**
   * The key a customer's uses are counted by: the SHA-256 of customerKey of an account's email,
   * or of the one a guest gave (the uses table keeps no address).
   */
  async customerKeyOf(customer: Customer, db: Executor = this.db): Promise<string | null> {
    const email =
      'userId' in customer
        ? (await this.deps.accounts.emailsOf([customer.userId], db)).get(customer.userId)
        : customer.email;
    return email ? createHash('sha256').update(customerKey(email)).digest('hex') : null;
  }

  /** Whether `code` applies to this cart for this customer; the rule to price with if it does. */
  async evaluate(code: string, ctx: CodeContext, db: Executor = this.db): Promise<EvaluatedCode> {
    const refuse = (reason: string): EvaluatedCode => ({
      check: { code, ok: false, reason },
      rule: null,
    });
    const row = code ? await repo.findByCode(db, code) : undefined;
    if (!row) return refuse('This code does not exist');
    const now = ctx.now ?? new Date();
    if (row.startsAt && row.startsAt > now) return refuse('This code is not active yet');
    if (row.endsAt && row.endsAt <= now) return refuse('This code has expired');
    const rule = toRule(row);
    const scoped = rule.categories.length > 0 || rule.brands.length > 0;
    if (scoped && eligibleCents(rule, ctx.lines) === 0) {
      return refuse('This code does not apply to the items in your cart');
    }
    const shortfall = minimumShortfall(rule, ctx.lines);
    if (shortfall) return refuse(shortfall);
    if (row.usageLimit !== null || row.perCustomerLimit !== null) {
      // What the shopper's own open checkout holds comes back to it when it checks out again.
      const uses = await repo.usesSeenBy(db, row.id, ctx.shopper, ctx.customer);
      if (row.usageLimit !== null && row.heldUses - uses.ownHeld >= row.usageLimit) {
        return refuse('This code has been used up');
      }
      if (row.perCustomerLimit !== null && uses.customer >= row.perCustomerLimit) {
        return refuse('You have already used this code');
      }
    }
    return { check: { code: row.code, ok: true, reason: '' }, rule };
  }

  /**
   * Makes this customer's checkouts with the code take turns until `tx` ends. Checkout takes it
   * first, before any row lock (hold takes it again, and a lock taken later could deadlock).
   */
  lockUses(tx: Executor, discountId: string, customer: string) {
    return repo.lockCustomerUses(tx, discountId, customer);
  }

  /**
   * Holds one use for an order being opened, in its transaction: the customer's uses are
   * counted and the new one taken under the customer's lock, the total by a conditional
   * increment. Throws CONFLICT when another checkout took the last use meanwhile.
   */
  async hold(
    tx: Executor,
    use: {
      discountId: string;
      orderId: string;
      /** customerKey's answer. */
      customer: string;
      /** shopperKey of the shopper whose checkout this is. */
      shopper: string;
      amountCents: number;
      orderTotalCents: number;
    },
  ) {
    await repo.lockCustomerUses(tx, use.discountId, use.customer);
    const row = await repo.findById(tx, use.discountId);
    if (
      row?.perCustomerLimit != null &&
      (await repo.customerUses(tx, use.discountId, use.customer)) >= row.perCustomerLimit
    ) {
      throw new AppError(
        'CONFLICT',
        'You have already used this code. Please remove it to proceed',
      );
    }
    if (!(await repo.takeUse(tx, use.discountId))) {
      throw new AppError('CONFLICT', 'This code has been used up. Please remove it to proceed');
    }
    await repo.insertRedemption(tx, { ...use, status: 'held' });
  }

  /** The order was paid: its use counts. */
  paid(tx: Executor, orderId: string) {
    return repo.markPaid(tx, orderId);
  }

  /**
   * The one way a use is given back: the order was cancelled, expired, failed or refunded in
   * full. Its use is free again and it leaves the code's uses and revenue; a second call for
   * the same order frees nothing more.
   */
  release(tx: Executor, orderId: string) {
    return repo.release(tx, orderId);
  }

  /** A paid order was refunded up to `refundedCents` of `totalCents`: in full, its use comes back. */
  async refunded(tx: Executor, orderId: string, refundedCents: number, totalCents: number) {
    if (refundedCents >= totalCents) return this.release(tx, orderId);
    await repo.setRefunded(tx, orderId, refundedCents);
  }

  private async get(id: string) {
    const found = (await this.list()).find((d) => d._id === id);
    if (!found) throw notFound('Discount');
    return found;
  }
}
