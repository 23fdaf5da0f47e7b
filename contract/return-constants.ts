// Return constants without zod, so the storefront bundle does not carry the schema library.

export const returnReasons = [
  'tooSmall',
  'tooLarge',
  'notAsPictured',
  'damaged',
  'changedMind',
  'other',
] as const;
export type ReturnReason = (typeof returnReasons)[number];

export const returnReasonLabels: Record<ReturnReason, string> = {
  tooSmall: 'Too small',
  tooLarge: 'Too large',
  notAsPictured: 'Not as pictured',
  damaged: 'Damaged or faulty',
  changedMind: 'Changed my mind',
  other: 'Other',
};

/** A return asked for by the shopper, or a withdrawal from the contract (EU right). */
export const returnKinds = ['return', 'withdrawal'] as const;
export type ReturnKind = (typeof returnKinds)[number];

/** requested -> approved | refused; approved -> received -> refunded. */
export const returnStatuses = ['requested', 'approved', 'refused', 'received', 'refunded'] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

export const returnStatusLabels: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  refused: 'Refused',
  received: 'Received',
  refunded: 'Refunded',
};

/** The shop's return window in days when RETURN_DAYS is not set; never under the EU's 14. */
export const defaultReturnDays = 30;
export const minimumReturnDays = 14;

type Lines = ReadonlyArray<{ lineId: string; quantity: number }>;

/**
 * Per order line, how many units can still be asked back: bought minus what returns and
 * withdrawals already name (a refused one gives its units back). The server's check and the
 * return form's choices.
 */
export function returnableQuantities(order: {
  cartItems: Lines;
  returns: ReadonlyArray<{ status: string; lines: Lines }>;
}): Map<string, number> {
  const left = new Map(order.cartItems.map((i) => [i.lineId, i.quantity]));
  for (const ret of order.returns) {
    if (ret.status === 'refused') continue;
    for (const line of ret.lines) {
      left.set(line.lineId, Math.max(0, (left.get(line.lineId) ?? 0) - line.quantity));
    }
  }
  return left;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last moment of a window of `days` after the delivery (returns, withdrawals). */
export const returnWindowEnd = (deliveredAt: string, days: number) =>
  new Date(Date.parse(deliveredAt) + days * DAY_MS);
