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

/**
 * requested -> approved | refused; approved -> received -> refunded. A withdrawal is never
 * refused: it is received (from requested or approved) and refunded, unless the admin records an
 * art. 16 exception for it ("exception", from requested, approved or received).
 */
export const returnStatuses = [
  'requested',
  'approved',
  'refused',
  'received',
  'refunded',
  'exception',
] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

export const returnStatusLabels: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  refused: 'Refused',
  received: 'Received',
  refunded: 'Refunded',
  exception: 'Not withdrawable',
};

/**
 * The exceptions of Directive 2011/83/EU art. 16 a clothing shop can meet: (c) goods made to the
 * consumer's specifications or clearly personalised; (e) sealed goods unsuitable for return for
 * health protection or hygiene reasons, unsealed after delivery (underwear, swimwear, earrings).
 */
export const withdrawalExceptions = ['personalised', 'unsealedHygiene'] as const;
export type WithdrawalException = (typeof withdrawalExceptions)[number];

export const withdrawalExceptionLabels: Record<WithdrawalException, string> = {
  personalised:
    'Made to your specifications or clearly personalised (Directive 2011/83/EU, art. 16(c))',
  unsealedHygiene:
    'Sealed for health protection or hygiene reasons and unsealed after delivery (Directive 2011/83/EU, art. 16(e))',
};

/** The law's withdrawal period, in days after the (last) delivery: Directive 2011/83/EU art. 9. */
export const withdrawalDays = 14;
/** The refund of a withdrawal is due this many days after the shop was told (art. 13(1)). */
export const refundDays = 14;

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

/**
 * Whether every unit of the order is back, counting only these returns (the caller's choice:
 * those made within the withdrawal period, neither refused nor excepted).
 */
export function isWholeOrderBack(
  order: { cartItems: Lines },
  returns: ReadonlyArray<{ lines: Lines }>,
) {
  const back = new Map<string, number>();
  for (const ret of returns) {
    for (const l of ret.lines) back.set(l.lineId, (back.get(l.lineId) ?? 0) + l.quantity);
  }
  return order.cartItems.every((i) => (back.get(i.lineId) ?? 0) >= i.quantity);
}
