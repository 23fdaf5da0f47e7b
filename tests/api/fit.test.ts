import { type Fit, fitValues, fitVerdict } from '@contract/garment-constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrder } from '../factories/orders';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Fit from buyers (issue 28): a verified buyer's review may say how the size they bought
// fitted; the review carries that size, taken from the order; the product answers a fit
// summary with a verdict once five have answered.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const sized = () =>
  makeProduct(t, {
    variants: ['S', 'M', 'L'].map((size) => ({ size, color: 'Black', totalStock: 5 })),
  });
const review = (user: TestUser, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/shop/review/add',
    headers: { cookie: user.cookie },
    payload: { reviewMessage: 'Fits.', reviewValue: 4, ...body },
  });
const reviewsOf = async (productId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/shop/review/${productId}` })).json().data;
const summaryOf = async (productId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/shop/products/get/${productId}` })).json().data
    .fitSummary;

/** A shopper with an order of the product in `size` (paid unless said otherwise). */
async function buyerOf(
  productId: string,
  size: string,
  paymentStatus: 'paid' | 'pending' | 'refunded' = 'paid',
) {
  const user = await makeUser(t);
  await makeOrder(t, {
    userId: user.id,
    items: [{ productId, size }],
    paymentStatus,
    orderStatus: 'delivered',
  });
  return user;
}

describe('a review with fit', () => {
  it('carries the size bought, from the order, and the fit', async () => {
    const product = await sized();
    const buyer = await buyerOf(product._id, 'M');
    const res = await review(buyer, { productId: product._id, fit: 'small' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ size: 'M', fit: 'small' });
    expect((await reviewsOf(product._id))[0]).toMatchObject({ size: 'M', fit: 'small' });
  });

  it('takes the size of the latest paid order, never one sent in the body', async () => {
    const product = await sized();
    const buyer = await buyerOf(product._id, 'S');
    await makeOrder(t, {
      userId: buyer.id,
      items: [{ productId: product._id, size: 'L' }],
      paymentStatus: 'paid',
      orderStatus: 'delivered',
    });
    const typed = await review(buyer, { productId: product._id, fit: 'true', size: 'XXL' });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().message).toContain('size');
    const res = await review(buyer, { productId: product._id, fit: 'true' });
    expect(res.json().data.size).toBe('L');
  });

  it('is optional: a review without fit still names the size bought', async () => {
    const product = await sized();
    const buyer = await buyerOf(product._id, 'S');
    const res = await review(buyer, { productId: product._id });
    expect(res.json().data).toMatchObject({ size: 'S', fit: null });
    expect(await summaryOf(product._id)).toEqual({ small: 0, true: 0, large: 0, verdict: null });
  });

  it('is refused from a shopper who did not buy it (nothing stored)', async () => {
    const product = await sized();
    const stranger = await makeUser(t);
    const unpaid = await buyerOf(product._id, 'M', 'pending');
    const refunded = await buyerOf(product._id, 'M', 'refunded');
    for (const user of [stranger, unpaid, refunded]) {
      const res = await review(user, { productId: product._id, fit: 'large' });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('NOT_PURCHASED');
    }
    expect(await reviewsOf(product._id)).toEqual([]);
    expect((await summaryOf(product._id)).large).toBe(0);
  });

  it('is refused for a product bought without a size, naming fit', async () => {
    const product = await makeProduct(t);
    const buyer = await buyerOf(product._id, '');
    const res = await review(buyer, { productId: product._id, fit: 'true' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^fit: /);
    // Without fit the review is welcome, and names no size.
    const plain = await review(buyer, { productId: product._id });
    expect(plain.json().data).toMatchObject({ size: null, fit: null });
  });

  it('refuses a fit that is not small, true or large', async () => {
    const product = await sized();
    const buyer = await buyerOf(product._id, 'M');
    const res = await review(buyer, { productId: product._id, fit: 'tight' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^fit must be one of small, true, large/);
  });
});

describe('the fit summary', () => {
  /** A small deterministic generator (mulberry32), so a failure can be replayed. */
  let seed = 28;
  const rnd = (n: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return Math.floor((((x ^ (x >>> 14)) >>> 0) / 4_294_967_296) * n);
  };

  it('counts the answers of generated reviews and states a verdict from five on', async () => {
    // Crowds from 2 to 9 buyers, each answering a random fit or none.
    const verdicts = new Set<string | null>();
    for (let round = 0; round < 10; round += 1) {
      const product = await sized();
      const counts = { small: 0, true: 0, large: 0 };
      const buyers = 2 + rnd(8);
      for (let i = 0; i < buyers; i += 1) {
        const buyer = await buyerOf(product._id, ['S', 'M', 'L'][rnd(3)]!);
        const fit: Fit | undefined = rnd(5) === 0 ? undefined : fitValues[rnd(3)];
        if (fit) counts[fit] += 1;
        expect((await review(buyer, { productId: product._id, fit })).statusCode).toBe(201);
      }
      const answers = counts.small + counts.true + counts.large;
      const expected = answers < 5 ? null : fitVerdict(counts);
      expect(await summaryOf(product._id), JSON.stringify(counts)).toEqual({
        ...counts,
        verdict: expected,
      });
      verdicts.add(expected);
    }
    // Crowds too small for a verdict and crowds with one were both generated.
    expect(verdicts.has(null)).toBe(true);
    expect(verdicts.size).toBeGreaterThan(1);
  });

  it('reads "runs small" only when small outnumbers each other answer', () => {
    expect(fitVerdict({ small: 4, true: 0, large: 0 })).toBeNull();
    expect(fitVerdict({ small: 3, true: 1, large: 1 })).toBe('small');
    expect(fitVerdict({ small: 1, true: 1, large: 3 })).toBe('large');
    expect(fitVerdict({ small: 2, true: 2, large: 1 })).toBe('true');
    expect(fitVerdict({ small: 3, true: 0, large: 3 })).toBe('true');
    expect(fitVerdict({ small: 0, true: 5, large: 0 })).toBe('true');
  });
});
