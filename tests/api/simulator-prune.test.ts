import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/client';
import { paypalSimOrders, paypalSimReplies } from '../../server/src/db/schema';
import { DbSimulatorStore } from '../../server/src/modules/payments/simulator/simulator.repository';
import { createTestDatabase } from '../helpers/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;

describe("the PayPal simulator's hourly clean-up", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const order = (id: string, status: 'CREATED' | 'APPROVED' | 'COMPLETED', daysAgo: number) => {
    const at = new Date(Date.now() - daysAgo * DAY_MS);
    return {
      id,
      status,
      referenceId: 'default',
      currencyCode: 'EUR',
      amountCents: 1000,
      items: [],
      brandName: 'Shop',
      returnUrl: 'https://shop.test/return',
      cancelUrl: 'https://shop.test/cancel',
      ...(status === 'COMPLETED' ? { captureId: `CAP-${id}` } : {}),
      createdAt: at,
      updatedAt: at,
    };
  };

  it('deletes old replies and orders never captured; captured orders stay for refunds', async () => {
    const { db } = database;
    await db
      .insert(paypalSimOrders)
      .values([
        order('OLD-CREATED', 'CREATED', 5),
        order('OLD-APPROVED', 'APPROVED', 5),
        order('OLD-CAPTURED', 'COMPLETED', 5),
        order('NEW-CREATED', 'CREATED', 1),
      ]);
    await db.insert(paypalSimReplies).values([
      { key: 'old', status: 201, body: {}, createdAt: new Date(Date.now() - 5 * DAY_MS) },
      { key: 'new', status: 201, body: {} },
    ]);

    await new DbSimulatorStore(db).prune(new Date(Date.now() - 3 * DAY_MS));

    const orders = await db.select({ id: paypalSimOrders.id }).from(paypalSimOrders);
    expect(orders.map((o) => o.id).sort()).toEqual(['NEW-CREATED', 'OLD-CAPTURED']);
    const replies = await db.select({ key: paypalSimReplies.key }).from(paypalSimReplies);
    expect(replies.map((r) => r.key)).toEqual(['new']);
  });
});
