import { centsToDecimal, decimalToCents } from '@contract/money';
import type { AmountCheckKind } from '@contract/orders';
import type { Executor } from '../../db/client';
import { PAYMENT_CURRENCY } from '../payments';
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
  return {
    kind,
    expected: `${expected.atMost ? 'at most ' : ''}${PAYMENT_CURRENCY} ${centsToDecimal(expected.cents)}`,
    seen: reported
      ? `${reported.currency_code.slice(0, 3)} ${reported.value.slice(0, 20)}`
      : 'no amount',
    at: new Date().toISOString(),
  };
}

/**
 * Checks PayPal's amount against the order; a mismatch is logged (warn, with the order id) and
 * flagged on the order, in the caller's transaction, and the caller records no money. True
 * when it matches.
 */
export async function checkAmount(
  db: Executor,
  log: MismatchLog,
  orderId: string,
  kind: AmountCheckKind,
  reported: Reported,
  expected: { cents: number; atMost?: boolean },
) {
  const mismatch = compareAmount(kind, reported, expected);
  if (!mismatch) return true;
  log.warn(
    { orderId, kind, expected: mismatch.expected, seen: mismatch.seen },
    'PayPal reported an amount that does not match the order: not recorded as money',
  );
  await flagAmountMismatch(db, orderId, mismatch);
  return false;
}
