import {
  currentReduction,
  type PricePoint,
  saleAnnouncement,
  saleAnnouncementCents,
} from '@contract/prior-price';
import { describe, expect, it } from 'vitest';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-12-01T12:00:00Z');

/** [price, sale price (0: none), days ago it took effect] in dollars, oldest first. */
const history = (...steps: [number, number, number][]): PricePoint[] =>
  steps.map(([price, sale, daysAgo]) => ({
    priceCents: price * 100,
    salePriceCents: sale * 100,
    from: NOW - daysAgo * DAY,
  }));

const prior = (points: PricePoint[]) => currentReduction(points)?.priorPriceCents ?? null;

describe('the current reduction and its prior price (Art. 6a, C-330/23)', () => {
  it('is none when the last price has no sale price', () => {
    expect(currentReduction(history([50, 0, 60], [50, 40, 20], [50, 0, 5]))).toBeNull();
    expect(currentReduction([])).toBeNull();
  });

  it('a week at $50, then a $40 sale: the prior price is $50', () => {
    const reduction = currentReduction(history([50, 0, 9], [50, 40, 2]));
    expect(reduction).toEqual({ startedAt: NOW - 2 * DAY, priorPriceCents: 5000 });
    expect(saleAnnouncementCents(4000, reduction!.priorPriceCents)).toEqual({
      wasCents: 5000,
      nowCents: 4000,
      percentOff: 20,
    });
  });

  it('a sale price not below the prior price announces nothing', () => {
    // $55 for five days within the 30 days before the reduction to $64.37.
    const points = history([80, 0, 60], [80, 55, 20], [80, 0, 15], [80, 64.37, 3]);
    expect(prior(points)).toBe(5500);
    expect(saleAnnouncementCents(6437, 5500)).toBeNull();
    expect(saleAnnouncementCents(5500, 5500)).toBeNull();
  });

  it('a price that rose during a run starts a new reduction, priced over the 30 days before the rise', () => {
    // $100 for months, a $60 sale 20 days ago, raised to $70 5 days ago: the $70 reduction
    // began 5 days ago and $60 was paid in the 30 days before it.
    const points = history([100, 0, 90], [100, 60, 20], [100, 70, 5]);
    expect(currentReduction(points)).toEqual({ startedAt: NOW - 5 * DAY, priorPriceCents: 6000 });
    expect(saleAnnouncementCents(7000, 6000)).toBeNull();
    // Long after the $60 sale, its 30 days hold only $60 too: the rise never becomes a reduction.
    expect(prior(history([100, 0, 200], [100, 60, 100], [100, 70, 50]))).toBe(6000);
  });

  it('keeps the reduction through further cuts (100, 80, 60), and through a change of the regular price', () => {
    expect(prior(history([100, 0, 70], [100, 80, 20], [100, 60, 6]))).toBe(10000);
    expect(prior(history([100, 0, 70], [100, 80, 20], [120, 80, 6]))).toBe(10000);
  });

  it('ignores history that ended more than 30 days before the reduction', () => {
    // $40 from 45 to 42 days ago (37-40 days before the reduction); $100 since.
    expect(prior(history([100, 0, 90], [100, 40, 45], [100, 0, 42], [100, 70, 5]))).toBe(10000);
    // Still in effect when the 30 days began: it counts.
    expect(prior(history([100, 0, 90], [90, 0, 45], [100, 0, 20], [100, 70, 5]))).toBe(9000);
  });

  it('a product created on sale has no prior price below its sale: nothing to announce', () => {
    expect(prior(history([100, 70, 12], [100, 60, 4]))).toBe(6000);
    expect(saleAnnouncementCents(6000, 6000)).toBeNull();
  });

  it('a price in effect for no time was never paid', () => {
    const points = history([100, 0, 60], [100, 30, 10], [100, 70, 10]);
    expect(currentReduction(points)).toEqual({ startedAt: NOW - 10 * DAY, priorPriceCents: 10000 });
  });

  it('a new sale after a sale ended counts the old sale among its 30 days', () => {
    expect(prior(history([100, 0, 70], [100, 80, 30], [100, 0, 15], [100, 75, 3]))).toBe(8000);
  });
});

describe('the announcement', () => {
  it('rounds the percentage down, so the claim is never overstated', () => {
    expect(saleAnnouncementCents(6667, 10000)?.percentOff).toBe(33);
    expect(saleAnnouncementCents(1999, 2999)?.percentOff).toBe(33);
    expect(saleAnnouncementCents(9950, 10000)?.percentOff).toBe(0);
  });

  it('reads an answer in decimals, and announces nothing without a prior price', () => {
    expect(saleAnnouncement({ salePrice: 48.75, lowestPrice30Days: 65 })).toEqual({
      wasCents: 6500,
      nowCents: 4875,
      percentOff: 25,
    });
    expect(saleAnnouncement({ salePrice: 0, lowestPrice30Days: null })).toBeNull();
    expect(saleAnnouncement({ salePrice: 40, lowestPrice30Days: null })).toBeNull();
  });
});
