import type { Order } from '@contract/orders';
import type { Return } from '@contract/returns';

/** An order as the shop answers it once returns landed (issue 26): its returns, newest first. */
export type OrderWithReturns = Order & { returns?: Return[] | undefined };

/**
 * How many of each line can still be asked back: bought minus what other returns already
 * name (a refused return gives its items back to the window).
 */
export function returnableQuantities(order: OrderWithReturns): Map<string, number> {
  const left = new Map(order.cartItems.map((item) => [item.lineId, item.quantity]));
  for (const ret of order.returns ?? []) {
    if (ret.status === 'refused') continue;
    for (const line of ret.lines) {
      left.set(line.lineId, Math.max(0, (left.get(line.lineId) ?? 0) - line.quantity));
    }
  }
  return left;
}

/** The date part, as order dates show (SPEC §9): the same day on the server and in the browser. */
export const returnDay = (iso: string) => iso.split('T')[0] ?? iso;
