import { describe, expect, it } from 'vitest';
import { Allowance } from '../../server/src/lib/allowance';

describe('an allowance of so many a second', () => {
  it('says yes so many times in a second, then no until the next second', () => {
    let now = 5_000;
    const allowance = new Allowance(2, () => now);
    expect([allowance.take(), allowance.take(), allowance.take()]).toEqual([true, true, false]);
    now = 5_999;
    expect(allowance.take()).toBe(false);
    now = 6_000;
    expect([allowance.take(), allowance.take(), allowance.take()]).toEqual([true, true, false]);
  });

  it('never says yes at 0', () => {
    const allowance = new Allowance(0);
    expect(allowance.take()).toBe(false);
  });
});
