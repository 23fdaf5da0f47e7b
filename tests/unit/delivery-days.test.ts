import { describe, expect, it } from 'vitest';
import { arrivalDates, deliveryDays } from '../../web/src/lib/delivery-days';

describe('delivery days at checkout', () => {
  it('names the days a method takes', () => {
    expect(deliveryDays({ minDays: 3, maxDays: 5 })).toBe('3–5 business days');
    expect(deliveryDays({ minDays: 1, maxDays: 1 })).toBe('1 business day');
  });

  it('counts business days from today, skipping the weekend', () => {
    const thursday = new Date(2026, 5, 11, 15, 0);
    // 3 business days after Thursday: Fri, Mon, Tue; 5: ... Wed, Thu.
    expect(arrivalDates({ minDays: 3, maxDays: 5 }, thursday)).toBe('Arrives Jun 16 – Jun 18');
    const friday = new Date(2026, 5, 12, 9, 0);
    expect(arrivalDates({ minDays: 1, maxDays: 1 }, friday)).toBe('Arrives Mon, Jun 15');
    const saturday = new Date(2026, 5, 13, 9, 0);
    expect(arrivalDates({ minDays: 1, maxDays: 2 }, saturday)).toBe('Arrives Jun 15 – Jun 16');
  });
});
