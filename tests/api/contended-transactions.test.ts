import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transact } from '../../server/src/db/transaction';
import { AppError } from '../../server/src/lib/app-error';
import { createOrder, makeShopperReady } from '../factories/checkout';
import { makeProduct } from '../factories/products';
import { createPayPalTestApp, type PayPalTestApp } from '../helpers/paypal';

let t: PayPalTestApp;
beforeAll(async () => {
  t = await createPayPalTestApp();
});
afterAll(() => t.close());

const pgError = (code: string) => Object.assign(new Error(`simulated ${code}`), { code });

describe('contended transactions', () => {
  it('runs the work again after a deadlock or serialization failure', async () => {
    for (const code of ['40P01', '40001']) {
      let runs = 0;
      const result = await transact(t.db, async () => {
        runs += 1;
        if (runs < 3) throw pgError(code);
        return 'done';
      });
      expect(result).toBe('done');
      expect(runs).toBe(3);
    }
  });

  it('gives up after its attempts with a clear 409, never a 500', async () => {
    let runs = 0;
    const failing = transact(
      t.db,
      async () => {
        runs += 1;
        throw pgError('40P01');
      },
      { attempts: 2 },
    );
    await expect(failing).rejects.toBeInstanceOf(AppError);
    await expect(failing).rejects.toMatchObject({ code: 'CONFLICT', statusCode: 409 });
    expect(runs).toBe(2);
    // A lock wait that timed out is not retried: the shopper is told at once.
    runs = 0;
    const timedOut = transact(t.db, async () => {
      runs += 1;
      throw pgError('55P03');
    });
    await expect(timedOut).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(runs).toBe(1);
  });

  it('answers a checkout whose stock rows stay locked within seconds, with a 409', async () => {
    const product = await makeProduct(t, { totalStock: 5 });
    const { user, addressId } = await makeShopperReady(t, [{ product }]);
    const url = (t.database as { url?: string }).url;
    if (!url) {
      // One PGlite connection runs one transaction at a time: nobody else can hold a row
      // lock, so the create simply succeeds.
      expect((await createOrder(t, user, addressId)).statusCode).toBe(201);
      return;
    }
    // Another connection (an admin's long edit, another instance) holds the product's row.
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from products where id = $1 for update', [product._id]);
      const started = Date.now();
      const res = await createOrder(t, user, addressId);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/try again/);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await holder.query('rollback').catch(() => {});
      await holder.end();
    }
    // Once the row is free the same cart checks out.
    expect((await createOrder(t, user, addressId)).statusCode).toBe(201);
  });
});
