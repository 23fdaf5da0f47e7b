import { decimalToCents } from '@contract/money';
import type { AmountCheckKind } from '@contract/orders';
import type { Db, Executor } from '../../db/client';
import { PAYMENT_CURRENCY, paypalAmount } from '../payments';
import { flagAmountMismatch } from './order-disputes.repository';
import type { AmountMismatch } from './orders.table';

/** An amount as PayPal writes it (absent when PayPal said none). */
export type Reported = { currency_code: string; value: string } | undefined;

/** Where a mismatch is told: the server's log (warn), with the order's id. */
export type MismatchLog = { warn: (facts: object, message: string) => void };

const DECIMAL = /^\d{1,10}(\.\d{1,2})?$/;

/**
 * What PayPal reported compared with what the order expects: the shop's currency and exactly
 * `cents` (or at most `cents` with `atMost`). Undefined when it matches; else the mismatch.
 */
export function compareAmount(
  kind: AmountCheckKind,
  reported: Reported,
  expected: { cents: number; atMost?: boolean },
): AmountMismatch | undefined {
  const cents = reported && DECIMAL.test(reported.value) ? decimalToCents(reported.value) : NaN;
  const isSame =
    reported?.currency_code === PAYMENT_CURRENCY &&
    (expected.atMost ? cents > 0 && cents <= expected.cents : cents === expected.cents);
  if (isSame) return undefined;
  const want = paypalAmount(expected.cents, PAYMENT_CURRENCY);
  return {
    kind,
    expected: `${expected.atMost ? 'at most ' : ''}${want.currency_code} ${want.value}`,
    seen: reported
      ? `${reported.currency_code.slice(0, 3)} ${reported.value.slice(0, 20)}`
      : 'no amount',
    at: new Date().toISOString(),
  };
}

/** A mismatch flagged on an order, for its caller to log. */
export type FlaggedAmount = { orderId: string; mismatch: AmountMismatch };
/** A transaction's outcome and the mismatch it flagged, logged once it committed. */
export type Checked<T> = { outcome: T; flagged?: FlaggedAmount };

/**
 * Checks PayPal's amount against the order; a mismatch is flagged on the order in the caller's
 * transaction and returned, and the caller records no money. The caller logs it once that
 * transaction commits (warnMismatch): a transaction run again would log it twice.
 */
export async function flagAmount(
  tx: Executor,
  orderId: string,
  kind: AmountCheckKind,
  reported: Reported,
  expected: { cents: number; atMost?: boolean },
): Promise<FlaggedAmount | undefined> {
  const mismatch = compareAmount(kind, reported, expected);
  if (!mismatch) return undefined;
  await flagAmountMismatch(tx, orderId, mismatch);
  return { orderId, mismatch };
}

/** Tells the server's log (warn, with the order id) of a flagged mismatch. */
export function warnMismatch(log: MismatchLog, { orderId, mismatch }: FlaggedAmount) {
  log.warn(
    { orderId, kind: mismatch.kind, expected: mismatch.expected, seen: mismatch.seen },
    'PayPal reported an amount that does not match the order: not recorded as money',
  );
}

/** flagAmount outside a transaction, logged at once. True when the amount matches. */
export async function checkAmount(
  db: Db,
  log: MismatchLog,
  orderId: string,
  kind: AmountCheckKind,
  reported: Reported,
  expected: { cents: number; atMost?: boolean },
) {
  const flagged = await flagAmount(db, orderId, kind, reported, expected);
  if (flagged) warnMismatch(log, flagged);
  return flagged === undefined;
}
