import { idSchema } from '@contract/common';
import { formatMoney, fromCents, toCents } from '@contract/money';
import type { Discount, DiscountBody } from '@contract/pricing';
import type { Db, Executor } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import type { DiscountRule } from '../pricing/pricing.service';
import * as repo from './discounts.repository';

const isId = (id: string) => idSchema.safeParse(id).success;

export type CodeCheck = { code: string; ok: boolean; reason: string };
export type EvaluatedCode = { check: CodeCheck; rule: (DiscountRule & { id: string }) | null };
export type CodeContext = {
  subtotalCents: number;
  /** The user's id, or a guest's lower-cased email. */
  customer: string;
  lines: { category: string; brand: string }[];
  now?: Date;
};

const toRule = (row: repo.DiscountRow): DiscountRule & { id: string } => ({
  id: row.id,
  code: row.code,
  type: row.type,
  // Percent is kept in hundredths of a percent, fixed in cents: the engine takes percent/cents.
  value: row.type === 'percent' ? row.value / 100 : row.value,
  categories: row.categories,
  brands: row.brands,
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
 * when a checkout opens (so a 10-use code pays 10 orders, however many race for it), counted
 * when the order is paid, and given back when the order is cancelled or expires.
 */
export class DiscountsService {
  constructor(private readonly db: Db) {}

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
    if (ctx.subtotalCents < row.minSubtotalCents) {
      return refuse(
        `This code needs a minimum subtotal of ${formatMoney(fromCents(row.minSubtotalCents))}`,
      );
    }
    const rule = toRule(row);
    const scoped = rule.categories.length > 0 || rule.brands.length > 0;
    if (
      scoped &&
      !ctx.lines.some((l) => rule.categories.includes(l.category) || rule.brands.includes(l.brand))
    ) {
      return refuse('This code does not apply to the items in your cart');
    }
    if (row.usageLimit !== null && row.heldUses >= row.usageLimit) {
      return refuse('This code has been used up');
    }
    if (
      row.perCustomerLimit !== null &&
      (await repo.customerUses(db, row.id, ctx.customer)) >= row.perCustomerLimit
    ) {
      return refuse('You have already used this code');
    }
    return { check: { code: row.code, ok: true, reason: '' }, rule };
  }

  /**
   * Holds one use for an order being opened, in its transaction; throws CONFLICT when the last
   * use went to another checkout meanwhile.
   */
  async hold(
    tx: Executor,
    use: {
      discountId: string;
      orderId: string;
      customer: string;
      amountCents: number;
      orderTotalCents: number;
    },
  ) {
    if (!(await repo.takeUse(tx, use.discountId))) {
      throw new AppError('CONFLICT', 'This code has been used up. Please remove it to proceed');
    }
    await repo.insertRedemption(tx, { ...use, status: 'held' });
  }

  /** The order was paid: its use counts. */
  paid(tx: Executor, orderId: string) {
    return repo.markPaid(tx, orderId);
  }

  /** The order was cancelled or expired: its use is free again. */
  release(tx: Executor, orderId: string) {
    return repo.release(tx, orderId);
  }

  private async get(id: string) {
    const found = (await this.list()).find((d) => d._id === id);
    if (!found) throw notFound('Discount');
    return found;
  }
}
