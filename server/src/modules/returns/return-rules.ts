import type { Order } from '@contract/orders';
import { returnableQuantities, returnWindowEnd } from '@contract/return-constants';
import { AppError } from '../../lib/app-error';

export const formatDay = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(date);

const lineName = (item: Order['cartItems'][number]) =>
  `"${item.title}"${item.size ? ` (size ${item.size})` : ''}`;

/**
 * The lines a return names: each once, each a line of this order (400), and no more units than
 * are left to return (409).
 */
export function checkLines(order: Order, lines: Array<{ lineId: string; quantity: number }>) {
  const seen = new Set<string>();
  const remaining = returnableQuantities(order);
  lines.forEach((line, i) => {
    const item = order.cartItems.find((c) => c.lineId === line.lineId);
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

/** A return needs a delivered order, asked for within `days` of its delivery. */
export function checkReturnable(order: Order, now: Date, days: number) {
  if (order.paymentStatus === 'refunded') {
    throw new AppError('CONFLICT', 'This order is already refunded in full');
  }
  if (order.orderStatus !== 'delivered' || !order.deliveredAt) {
    throw new AppError('CONFLICT', 'Only a delivered order can be returned');
  }
  const end = returnWindowEnd(order.deliveredAt, days);
  if (now > end) {
    throw new AppError(
      'CONFLICT',
      `The ${days}-day return window of this order closed on ${formatDay(end)}`,
    );
  }
}

/**
 * Why this order cannot be withdrawn from now, if it cannot: from its payment until `days`
 * (the EU's 14 at least) after its delivery; an order not yet delivered can always be.
 */
export function withdrawalProblem(order: Order, now: Date, days: number) {
  if (order.orderStatus === 'cancelled' || order.orderStatus === 'rejected') {
    return 'this order was cancelled.';
  }
  if (order.paymentStatus === 'refunded') return 'this order is already refunded in full.';
  if (!['paid', 'partially_refunded'].includes(order.paymentStatus)) {
    return 'this order is not paid, so there is nothing to withdraw from.';
  }
  if (order.deliveredAt) {
    const end = returnWindowEnd(order.deliveredAt, Math.max(14, days));
    if (now > end) return `the withdrawal period of this order ended on ${formatDay(end)}.`;
  }
  return undefined;
}
