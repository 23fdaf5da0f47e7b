import type { Order } from '@contract/orders';
import {
  notDeliveredMessage,
  notPurchasedMessage,
  refundedMessage,
  returnedMessage,
  withdrawnMessage,
} from '@contract/reviews';
import { describe, expect, it } from 'vitest';
import { reviewStanding } from '../../server/src/modules/reviews/review-eligibility';

// The rule on orders as the orders module answers them: which units of a product were
// delivered and kept. The API test (tests/api/review-eligibility.test.ts) drives it end to end.

const PRODUCT = 'product-1';
type Ret = Order['returns'][number];

function order(over: {
  quantity?: number;
  size?: string;
  orderStatus?: Order['orderStatus'];
  paymentStatus?: Order['paymentStatus'];
  parcels?: Array<{ quantity: number; delivered: boolean }>;
  returns?: Array<{ quantity: number; kind?: Ret['kind']; status?: Ret['status'] }>;
}): Order {
  const line = { lineId: 'line-1', productId: PRODUCT, size: over.size ?? 'M', quantity: 1 };
  return {
    cartItems: [{ ...line, quantity: over.quantity ?? 1 }],
    orderStatus: over.orderStatus ?? 'confirmed',
    paymentStatus: over.paymentStatus ?? 'paid',
    deliveredAt: null,
    shipments: (over.parcels ?? []).map((p) => ({
      lines: [{ lineId: 'line-1', quantity: p.quantity }],
      deliveredAt: p.delivered ? '2026-11-01T10:00:00.000Z' : null,
    })),
    returns: (over.returns ?? []).map((r) => ({
      kind: r.kind ?? 'return',
      status: r.status ?? 'refunded',
      lines: [{ lineId: 'line-1', quantity: r.quantity }],
    })),
  } as unknown as Order;
}

const reasonOf = (orders: Order[]) => {
  const standing = reviewStanding(orders, PRODUCT);
  return standing.canReview ? 'may review' : standing.reason;
};

describe('who may review a product', () => {
  it('a delivered, kept unit may be reviewed, with its size', () => {
    expect(reviewStanding([order({ orderStatus: 'delivered' })], PRODUCT)).toEqual({
      canReview: true,
      size: 'M',
    });
    expect(reviewStanding([order({ orderStatus: 'delivered', size: '' })], PRODUCT)).toEqual({
      canReview: true,
      size: null,
    });
  });

  it('a partly refunded or partly returned order keeps what was not sent back', () => {
    const delivered = { orderStatus: 'delivered' as const, quantity: 2 };
    expect(reasonOf([order({ ...delivered, paymentStatus: 'partially_refunded' })])).toBe(
      'may review',
    );
    expect(reasonOf([order({ ...delivered, returns: [{ quantity: 1 }] })])).toBe('may review');
    expect(reasonOf([order({ ...delivered, returns: [{ quantity: 1 }, { quantity: 1 }] })])).toBe(
      returnedMessage,
    );
  });

  it('a refused return or an excepted withdrawal leaves the unit with the shopper', () => {
    const delivered = { orderStatus: 'delivered' as const };
    expect(reasonOf([order({ ...delivered, returns: [{ quantity: 1, status: 'refused' }] })])).toBe(
      'may review',
    );
    const excepted = { quantity: 1, kind: 'withdrawal' as const, status: 'exception' as const };
    expect(reasonOf([order({ ...delivered, returns: [excepted] })])).toBe('may review');
    // A return asked for (not yet received) already takes the unit.
    expect(
      reasonOf([order({ ...delivered, returns: [{ quantity: 1, status: 'requested' }] })]),
    ).toBe(returnedMessage);
  });

  it('counts a parcel delivered before the order is; a unit on its way is not yet reviewable', () => {
    expect(reasonOf([order({ parcels: [{ quantity: 1, delivered: false }] })])).toBe(
      notDeliveredMessage,
    );
    expect(reasonOf([order({ parcels: [{ quantity: 1, delivered: true }] })])).toBe('may review');
    // Two units: one arrived, the other withdrawn before it left.
    const split = order({
      quantity: 2,
      parcels: [{ quantity: 1, delivered: true }],
      returns: [{ quantity: 1, kind: 'withdrawal', status: 'received' }],
    });
    expect(reasonOf([split])).toBe('may review');
  });

  it('names the reason: withdrawn, refunded in full, never bought', () => {
    const withdrawn = order({ returns: [{ quantity: 1, kind: 'withdrawal' }] });
    expect(reasonOf([withdrawn])).toBe(withdrawnMessage);
    expect(reasonOf([order({ orderStatus: 'delivered', paymentStatus: 'refunded' })])).toBe(
      refundedMessage,
    );
    expect(reasonOf([])).toBe(notPurchasedMessage);
    expect(reasonOf([order({ paymentStatus: 'pending' })])).toBe(notPurchasedMessage);
    expect(reasonOf([order({ paymentStatus: 'failed' })])).toBe(notPurchasedMessage);
  });

  it('any order that qualifies is enough, and a coming delivery is said before a return', () => {
    const returned = order({ orderStatus: 'delivered', returns: [{ quantity: 1 }] });
    const kept = order({ orderStatus: 'delivered' });
    expect(reasonOf([returned, kept])).toBe('may review');
    expect(reasonOf([returned, order({})])).toBe(notDeliveredMessage);
  });
});
