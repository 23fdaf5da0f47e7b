import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrder } from '../factories/orders';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type ReviewInput = { productId: string; reviewMessage?: string; reviewValue?: number } & Record<
  string,
  unknown
>;

const addReview = (user: TestUser | null, body: ReviewInput) =>
  t.app.inject({
    method: 'POST',
    url: '/api/shop/review/add',
    headers: { origin: TEST_ORIGIN, ...(user ? { cookie: user.cookie } : {}) },
    payload: { reviewMessage: 'Great fit.', reviewValue: 5, ...body },
  });
const listReviews = (productId: string) =>
  t.app.inject({ method: 'GET', url: `/api/shop/review/${productId}` });
const getProduct = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/shop/products/get/${id}` })).json().data;

/** A shopper with a paid, delivered order containing the product. */
async function buyer(productId: string, userName?: string) {
  const user = await makeUser(t, userName ? { userName } : {});
  await makeOrder(t, {
    userId: user.id,
    items: [{ productId }],
    paymentStatus: 'paid',
    orderStatus: 'delivered',
  });
  return user;
}

describe('adding a review', () => {
  it('lets a buyer review; author from the session; listed publicly; average updated', async () => {
    const product = await makeProduct(t);
    const ann = await buyer(product._id, 'Ann');
    const res = await addReview(ann, {
      productId: product._id,
      userId: ann.id,
      userName: 'Someone Else',
      reviewMessage: '  Lovely fabric.  ',
      reviewValue: 4,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      productId: product._id,
      userId: ann.id,
      userName: 'Ann',
      reviewMessage: 'Lovely fabric.',
      reviewValue: 4,
    });

    const list = await listReviews(product._id);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0]).toMatchObject({ userName: 'Ann', reviewValue: 4 });
    expect((await getProduct(product._id)).averageReview).toBe(4);
  });

  it('keeps the average of several shoppers, rounded to 2 decimals', async () => {
    const product = await makeProduct(t);
    for (const value of [5, 4, 4]) {
      const user = await buyer(product._id);
      expect(
        (await addReview(user, { productId: product._id, reviewValue: value })).statusCode,
      ).toBe(201);
    }
    expect((await getProduct(product._id)).averageReview).toBe(4.33);
  });

  it('refuses a signed-out visitor with 401', async () => {
    const product = await makeProduct(t);
    const res = await addReview(null, { productId: product._id });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_SIGNED_IN' });
  });

  it('refuses a userId other than the signed-in user with 403', async () => {
    const product = await makeProduct(t);
    const ann = await buyer(product._id);
    const bob = await makeUser(t);
    const res = await addReview(bob, { productId: product._id, userId: ann.id });
    expect(res.statusCode).toBe(403);
    expect((await listReviews(product._id)).json().data).toEqual([]);
  });

  it('refuses a rating of 0 with a clear message, and 6', async () => {
    const product = await makeProduct(t);
    const ann = await buyer(product._id);
    const zero = await addReview(ann, { productId: product._id, reviewValue: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toMatchObject({
      code: 'INVALID_INPUT',
      message: 'Please rate the product from 1 to 5 stars.',
    });
    expect((await addReview(ann, { productId: product._id, reviewValue: 6 })).statusCode).toBe(400);
    expect((await addReview(ann, { productId: product._id, reviewValue: 2.5 })).statusCode).toBe(
      400,
    );
  });

  it('refuses a shopper who never bought the product', async () => {
    const product = await makeProduct(t);
    const other = await makeProduct(t);
    const bob = await makeUser(t);
    await makeOrder(t, {
      userId: bob.id,
      items: [{ productId: other._id }],
      paymentStatus: 'paid',
    });
    const res = await addReview(bob, { productId: product._id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'NOT_PURCHASED',
      message: 'You need to purchase this product to review it.',
    });
  });

  it.each(['pending', 'cancelled', 'failed'] as const)(
    'refuses a shopper whose order of the product is %s, not paid',
    async (paymentStatus) => {
      const product = await makeProduct(t);
      const bob = await makeUser(t);
      await makeOrder(t, { userId: bob.id, items: [{ productId: product._id }], paymentStatus });
      expect((await addReview(bob, { productId: product._id })).json().code).toBe('NOT_PURCHASED');
    },
  );

  it('allows one review per shopper and product', async () => {
    const product = await makeProduct(t);
    const ann = await buyer(product._id);
    expect((await addReview(ann, { productId: product._id, reviewValue: 5 })).statusCode).toBe(201);
    const again = await addReview(ann, { productId: product._id, reviewValue: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_REVIEWED');
    expect((await getProduct(product._id)).averageReview).toBe(5);
  });

  it('two concurrent reviews by one shopper leave one review and a correct average', async () => {
    const product = await makeProduct(t);
    const first = await buyer(product._id);
    await addReview(first, { productId: product._id, reviewValue: 2 });
    const ann = await buyer(product._id);
    const results = await Promise.all([
      addReview(ann, { productId: product._id, reviewValue: 5, reviewMessage: 'one' }),
      addReview(ann, { productId: product._id, reviewValue: 3, reviewMessage: 'two' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const reviews = (await listReviews(product._id)).json().data;
    expect(reviews).toHaveLength(2);
    const kept = reviews.find((r: { userId: string }) => r.userId === ann.id);
    expect((await getProduct(product._id)).averageReview).toBe((2 + kept.reviewValue) / 2);
  });

  it('concurrent reviews by several shoppers all count in the average', async () => {
    const product = await makeProduct(t);
    const users = await Promise.all([1, 2, 3, 4].map(() => buyer(product._id)));
    const values = [1, 2, 4, 5];
    const results = await Promise.all(
      users.map((u, i) => addReview(u, { productId: product._id, reviewValue: values[i] })),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    expect((await getProduct(product._id)).averageReview).toBe(3);
  });

  it.each([
    ['an empty message', { reviewMessage: '' }],
    ['a blank message', { reviewMessage: '   ' }],
    ['a message over 1,000 characters', { reviewMessage: 'a'.repeat(1001) }],
    ['a NUL character', { reviewMessage: 'bad\u0000' }],
    ['an unknown field', { rating: 5 }],
    ['a missing rating', { reviewValue: undefined }],
  ])('refuses %s with 400', async (_name, patch) => {
    const product = await makeProduct(t);
    const ann = await buyer(product._id);
    const res = await addReview(ann, { productId: product._id, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_INPUT');
  });

  it('accepts a message of exactly 1,000 characters, with new lines', async () => {
    const product = await makeProduct(t);
    const ann = await buyer(product._id);
    const message = `${'a'.repeat(499)}\n${'b'.repeat(500)}`;
    const res = await addReview(ann, { productId: product._id, reviewMessage: message });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.reviewMessage).toBe(message);
  });

  it('answers 404 for an unknown or malformed product id', async () => {
    const ann = await makeUser(t);
    const unknown = await addReview(ann, { productId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect((await addReview(ann, { productId: 'nope' })).statusCode).toBe(404);
  });
});

describe('reading reviews', () => {
  it('is public and lists the newest first', async () => {
    const product = await makeProduct(t);
    for (const message of ['first', 'second']) {
      const user = await buyer(product._id);
      await addReview(user, { productId: product._id, reviewMessage: message });
    }
    const res = await listReviews(product._id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { reviewMessage: string }) => r.reviewMessage)).toEqual([
      'second',
      'first',
    ]);
  });

  it('answers an empty list for a product without reviews', async () => {
    const product = await makeProduct(t);
    expect((await listReviews(product._id)).json()).toEqual({ success: true, data: [] });
  });

  it('answers 404 for an unknown or malformed product id', async () => {
    expect((await listReviews('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await listReviews('not-an-id')).statusCode).toBe(404);
  });
});
