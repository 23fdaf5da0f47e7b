import { describe, expect, it } from 'vitest';
import {
  allocate,
  type DiscountRule,
  mulDivHalfUp,
  type QuoteLine,
  quote,
  type ShippingRate,
} from '../../server/src/modules/pricing/quote-engine';

const line = (key: string, unitCents: number, quantity = 1, extra: Partial<QuoteLine> = {}) => ({
  key,
  category: 'men',
  brand: 'nike',
  unitCents,
  quantity,
  ...extra,
});
const standard: ShippingRate = {
  id: 's',
  name: 'Standard',
  priceCents: 599,
  freeOverCents: 10_000,
  tiers: [],
  minDays: 3,
  maxDays: 5,
};
const code = (rule: Partial<DiscountRule>): DiscountRule => ({
  code: 'X',
  type: 'percent',
  value: 10,
  categories: [],
  brands: [],
  ...rule,
});
const base = { shipping: null, discount: null, tax: null, pricesIncludeTax: false };

// A small deterministic generator, so a failure names its seed.
function random(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s % n;
  };
}

describe('rounding and allocation', () => {
  it('rounds half up', () => {
    expect(mulDivHalfUp(1, 1, 2)).toBe(1);
    expect(mulDivHalfUp(3, 1, 2)).toBe(2);
    expect(mulDivHalfUp(1449, 7250, 100_000)).toBe(105); // 105.0525
    expect(mulDivHalfUp(2000, 8875, 100_000)).toBe(178); // 177.5 -> 178
  });

  it('splits an amount over weights so the parts add up exactly, largest remainder first', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(10, [0, 5, 5])).toEqual([0, 5, 5]);
    const next = random(7);
    for (let run = 0; run < 2000; run += 1) {
      const weights = Array.from({ length: 1 + next(8) }, () => next(50_000));
      const total = next(100_000);
      const parts = allocate(total, weights);
      const sum = weights.reduce((s, w) => s + w, 0);
      expect(parts.reduce((s, p) => s + p, 0)).toBe(sum === 0 ? 0 : total);
      parts.forEach((p, i) => {
        if (sum > 0) expect(Math.abs(p - (total * weights[i]!) / sum)).toBeLessThan(1);
      });
    }
  });
});

describe('a quote', () => {
  it('is the sum of the lines without shipping, code or tax', () => {
    const q = quote({ ...base, lines: [line('a', 1999, 2), line('b', 500)] });
    expect(q).toMatchObject({
      subtotalCents: 4498,
      discountCents: 0,
      taxCents: 0,
      totalCents: 4498,
    });
  });

  it('charges shipping, free above the threshold after the discount', () => {
    expect(quote({ ...base, lines: [line('a', 5000)], shipping: standard }).totalCents).toBe(5599);
    expect(quote({ ...base, lines: [line('a', 10_000)], shipping: standard }).shippingCents).toBe(
      0,
    );
    // 10% off $100 is $90: below the threshold again.
    const q = quote({
      ...base,
      lines: [line('a', 10_000)],
      shipping: standard,
      discount: code({}),
    });
    expect(q).toMatchObject({ discountCents: 1000, shippingCents: 599, totalCents: 9599 });
  });

  it('prices by tiers of the subtotal', () => {
    const tiered = {
      ...standard,
      freeOverCents: null,
      tiers: [
        { minSubtotalCents: 5000, priceCents: 399 },
        { minSubtotalCents: 0, priceCents: 899 },
      ],
    };
    expect(quote({ ...base, lines: [line('a', 4999)], shipping: tiered }).shippingCents).toBe(899);
    expect(quote({ ...base, lines: [line('a', 5000)], shipping: tiered }).shippingCents).toBe(399);
  });

  it('a 100% code leaves the shipping and its tax to pay', () => {
    const q = quote({
      ...base,
      lines: [line('a', 2500, 2)],
      shipping: standard,
      discount: code({ value: 100 }),
      tax: { name: 'NY', rate: 8875, taxShipping: true },
    });
    expect(q).toMatchObject({ discountCents: 5000, shippingCents: 599, shippingTaxCents: 53 });
    expect(q.totalCents).toBe(599 + 53);
    expect(q.lines[0]).toMatchObject({ discountCents: 5000, taxCents: 0, totalCents: 0 });
  });

  it('a free-shipping code above the free threshold changes nothing', () => {
    const q = quote({
      ...base,
      lines: [line('a', 12_000)],
      shipping: standard,
      discount: code({ type: 'freeShipping' }),
    });
    expect(q).toMatchObject({ discountCents: 0, shippingCents: 0, totalCents: 12_000 });
  });

  it('a fixed code never takes more than the lines it covers, only from those lines', () => {
    const q = quote({
      ...base,
      lines: [line('a', 1000), line('b', 3000, 1, { category: 'women' })],
      discount: code({ type: 'fixed', value: 5000, categories: ['men'] }),
    });
    expect(q.discountCents).toBe(1000);
    expect(q.lines.map((l) => l.discountCents)).toEqual([1000, 0]);
  });

  it('a code’s minimum counts the lines it covers only: below it, nothing off and no free shipping', () => {
    const lines = [line('a', 6000), line('b', 2000, 2, { category: 'kids' })];
    const kids = { categories: ['kids'], minSubtotalCents: 5000 };
    const below = quote({ ...base, lines, discount: code(kids) });
    expect(below.discountCents).toBe(0);
    const freeShipping = quote({
      ...base,
      lines,
      shipping: { ...standard, freeOverCents: null },
      discount: code({ ...kids, type: 'freeShipping' }),
    });
    expect(freeShipping.shippingCents).toBe(599);
    const reached = quote({ ...base, lines, discount: code({ ...kids, minSubtotalCents: 4000 }) });
    expect(reached.discountCents).toBe(400);
  });

  it('adds tax per line, half up, US style', () => {
    const q = quote({
      ...base,
      lines: [line('a', 1449), line('b', 1449)],
      tax: { name: 'CA', rate: 7250, taxShipping: false },
      shipping: standard,
    });
    expect(q.lines.map((l) => l.taxCents)).toEqual([105, 105]);
    expect(q).toMatchObject({ taxCents: 210, shippingTaxCents: 0, totalCents: 2898 + 599 + 210 });
  });

  it('shows the VAT contained in inclusive prices over many lines, and adds nothing', () => {
    const next = random(11);
    for (let run = 0; run < 300; run += 1) {
      const lines = Array.from({ length: 1 + next(30) }, (_, i) =>
        line(`l${i}`, 1 + next(20_000), 1 + next(4)),
      );
      const q = quote({
        ...base,
        lines,
        pricesIncludeTax: true,
        shipping: standard,
        discount: next(2) ? code({ value: 1 + next(60) }) : null,
        tax: { name: 'DE', rate: 19_000, taxShipping: true },
      });
      const gross = q.subtotalCents - q.discountCents + q.shippingCents;
      expect(q.totalCents).toBe(gross);
      // Each line's VAT is its own gross x 19/119, rounded half up once.
      for (const l of q.lines) {
        const net = l.subtotalCents - l.discountCents;
        expect(l.taxCents).toBe(Math.floor((2 * net * 19 + 119) / 238));
        expect(l.totalCents).toBe(net);
      }
      // Summing rounded lines differs from rounding the sum by at most half a cent a line.
      expect(Math.abs(q.taxCents - (gross * 19) / 119)).toBeLessThanOrEqual(
        (q.lines.length + 1) / 2,
      );
    }
  });

  it('adds up: the lines, shipping and shipping tax make the total, for any cart', () => {
    const next = random(3);
    for (let run = 0; run < 2000; run += 1) {
      const lines = Array.from({ length: 1 + next(6) }, (_, i) =>
        line(`l${i}`, next(30_000), 1 + next(5), { category: next(2) ? 'men' : 'kids' }),
      );
      const types = ['percent', 'fixed', 'freeShipping'] as const;
      const pricesIncludeTax = !!next(2);
      const q = quote({
        lines,
        shipping: next(4) ? standard : null,
        discount: next(2)
          ? code({
              type: types[next(3)]!,
              value: 1 + next(9000),
              categories: next(2) ? ['men'] : [],
            })
          : null,
        tax: next(2) ? { name: 'T', rate: next(25_000), taxShipping: !!next(2) } : null,
        pricesIncludeTax,
      });
      const linesTotal = q.lines.reduce((s, l) => s + l.totalCents, 0);
      const shippingTotal = q.shippingCents + (pricesIncludeTax ? 0 : q.shippingTaxCents);
      expect(q.totalCents).toBe(linesTotal + shippingTotal);
      expect(q.taxCents).toBe(q.lines.reduce((s, l) => s + l.taxCents, 0) + q.shippingTaxCents);
      expect(q.discountCents).toBeLessThanOrEqual(q.subtotalCents);
      expect(q.lines.reduce((s, l) => s + l.discountCents, 0)).toBe(q.discountCents);
      expect(q.totalCents).toBeGreaterThanOrEqual(0);
    }
  });
});
