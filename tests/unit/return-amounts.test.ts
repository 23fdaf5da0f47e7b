import { describe, expect, it } from 'vitest';
import {
  type LineMoney,
  linePaidCents,
  lineRefundCents,
} from '../../server/src/modules/returns/return-amounts';

/** A small deterministic generator, so a failure names its seed. */
function random(seed: number) {
  let s = seed;
  return (max: number) => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s % max;
  };
}

describe('a line returned in parts', () => {
  it('never refunds more than the line cost, and exactly that once every unit is back', () => {
    for (let seed = 1; seed <= 3000; seed += 1) {
      const next = random(seed);
      const orderedQuantity = 1 + next(12);
      const unitCents = 1 + next(20_000);
      const line: LineMoney = {
        lineId: 'l',
        orderedQuantity,
        unitCents,
        discountCents: next(unitCents * orderedQuantity),
        taxCents: next(3_000),
      };
      const includesTax = next(2) === 0;
      const paid = linePaidCents(line, includesTax);
      let returned = 0;
      let refunded = 0;
      while (returned < orderedQuantity) {
        const quantity = 1 + next(orderedQuantity - returned);
        const cents = lineRefundCents(line, includesTax, returned, quantity);
        expect(cents, `seed ${seed}`).toBeGreaterThanOrEqual(0);
        refunded += cents;
        returned += quantity;
        expect(refunded, `seed ${seed}`).toBeLessThanOrEqual(paid);
      }
      expect(refunded, `seed ${seed}`).toBe(paid);
    }
  });

  it('counts the tax once: added on top, or already inside the price', () => {
    const line = {
      lineId: 'l',
      orderedQuantity: 2,
      unitCents: 1000,
      discountCents: 200,
      taxCents: 150,
    };
    expect(lineRefundCents(line, false, 0, 1)).toBe(975);
    expect(lineRefundCents(line, true, 0, 1)).toBe(900);
  });
});
