import { periodEnd, type ShopCalendar } from '@contract/legal-periods';
import { returnableQuantities, withdrawalDays } from '@contract/return-constants';
import { leftToShip } from '@contract/shipment-constants';
import { AppError } from '../../lib/app-error';
import { fulfilmentFacts, type OrderLine, type OrderRecord } from '../orders';

/** A day in the shop's calendar, written out ("16 March 2026"). */
export const formatDay = (date: Date, calendar: ShopCalendar) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: calendar.timeZone }).format(date);

const lineName = (item: OrderLine) => `"${item.title}"${item.size ? ` (size ${item.size})` : ''}`;

/**
 * The last moment of the order's withdrawal period: 14 days from the delivery of its last
 * parcel (art. 9(2)(b)), counted as Regulation 1182/71 counts; undefined before delivery (the
 * period has not begun, so it is open).
 */
export const withdrawalEnd = (order: OrderRecord, calendar: ShopCalendar) =>
  order.deliveredAt ? periodEnd(order.deliveredAt, withdrawalDays, calendar) : undefined;

/** Whether a request made at `at` is within the withdrawal period (always, before delivery). */
export function isInWithdrawalPeriod(order: OrderRecord, at: Date, calendar: ShopCalendar) {
  const end = withdrawalEnd(order, calendar);
  return !end || at <= end;
}

/**
 * The lines a return names: each once, each a line of this order (400), and no more units than
 * are left to return (409).
 */
export function checkLines(order: OrderRecord, lines: Array<{ lineId: string; quantity: number }>) {
  const seen = new Set<string>();
  const remaining = returnableQuantities(fulfilmentFacts(order));
  lines.forEach((line, i) => {
    const item = order.lines.find((c) => c.lineId === line.lineId);
    if (!item) {
      throw new AppError('INVALID_INPUT', `lines.${i}.lineId: is not a line of this order`);
    }
    if (seen.has(line.lineId)) {
      throw new AppError('INVALID_INPUT', `lines.${i}.lineId: names a line twice`);
    }
    seen.add(line.lineId);
    const left = Math.max(0, remaining.get(line.lineId) ?? 0);
    if (line.quantity > left) {
      throw new AppError(
        'CONFLICT',
        left === 0
          ? `${lineName(item)} is already being returned in full`
          : `Only ${left} of ${lineName(item)} can still be returned`,
      );
    }
  });
}

/**
 * A return needs a delivered order, asked for by the end of the return window: `days` after
 * the delivery, counted as the withdrawal period is.
 */
export function checkReturnable(
  order: OrderRecord,
  now: Date,
  days: number,
  calendar: ShopCalendar,
) {
  if (order.paymentStatus === 'refunded') {
    throw new AppError('CONFLICT', 'This order is already refunded in full');
  }
  if (order.orderStatus !== 'delivered' || !order.deliveredAt) {
    throw new AppError('CONFLICT', 'Only a delivered order can be returned');
  }
  const end = periodEnd(order.deliveredAt, days, calendar);
  if (now > end) {
    throw new AppError(
      'CONFLICT',
      `The ${days}-day return window of this order closed on ${formatDay(end, calendar)}`,
    );
  }
}

/**
 * Why this order cannot be withdrawn from now, if it cannot: from its payment until the end of
 * its withdrawal period; an order not yet delivered can always be.
 */
export function withdrawalProblem(order: OrderRecord, now: Date, calendar: ShopCalendar) {
  if (order.orderStatus === 'cancelled' || order.orderStatus === 'rejected') {
    return 'this order was cancelled.';
  }
  if (order.paymentStatus === 'refunded') return 'this order is already refunded in full.';
  if (!['paid', 'partially_refunded'].includes(order.paymentStatus)) {
    return 'this order is not paid, so there is nothing to withdraw from.';
  }
  const end = withdrawalEnd(order, calendar);
  if (end && now > end) {
    return `the withdrawal period of this order ended on ${formatDay(end, calendar)}.`;
  }
  return undefined;
}

/**
 * Whether a withdrawal of these lines names units that have left: a withdrawal takes its units
 * from what has not shipped first (`leftToShip`), so only those beyond it must come back.
 */
export function needsGoodsBack(
  order: OrderRecord,
  lines: Array<{ lineId: string; quantity: number }>,
) {
  const unshipped = leftToShip(fulfilmentFacts(order));
  return lines.some((l) => l.quantity > (unshipped.get(l.lineId) ?? 0));
}
