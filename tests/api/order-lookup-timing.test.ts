import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import { count, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db/client';
import { emailOutbox, returns } from '../../server/src/db/schema';
import { orderRow } from '../factories/checkout';
import { GUEST_ENV, guestEmail, makeGuest, makeGuestPaidOrder } from '../factories/guests';
import { makeProduct } from '../factories/products';
import { createPayPalTestApp, type PayPalTestApp } from '../helpers/paypal';

// The order lookup and the withdrawal name an order by number and email and answer before
// they look; the work they do after must be the same for an order that exists and one that
// does not, or the next answer's speed would tell (a decoy's queries run, its writes undone).
let t: PayPalTestApp;
beforeAll(async () => {
  t = await createPayPalTestApp({ ...GUEST_ENV, MAX_HELD_PER_LINE: '50' });
});
afterAll(() => t.close());

const RUNS = 30;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
// Each missing call is timed right after an existing one: the median of the pairs' ratios
// cancels the machine's slow and fast phases, which the ratio of two medians does not.
const pairedRatio = (times: { existing: number[]; missing: number[] }) =>
  median(times.missing.map((m, i) => m / times.existing[i]!));
const missingNumber = 987_654_321;

// The statements one call sends, whatever else the app runs meanwhile (its jobs): drizzle's
// logger is the one place every statement passes, transactions included, so the test sets it
// on the session (not a public API: the test reaches in) and keeps only this call's.
type Logger = { logQuery(query: string, params: unknown[]): void };
const ofThisCall = new AsyncLocalStorage<string[]>();
function recordStatements(db: Db) {
  const session = (db as unknown as { session: { logger: Logger; options: { logger?: Logger } } })
    .session;
  const logger: Logger = {
    logQuery: (query) => ofThisCall.getStore()?.push(query.replace(/\s+/g, ' ')),
  };
  session.logger = logger;
  session.options.logger = logger;
}
async function statementsOf(work: () => Promise<unknown>) {
  const log: string[] = [];
  await ofThisCall.run(log, work);
  // Whether the savepoint is kept is the one difference allowed.
  return log.map((q) => q.replace(/^(release|rollback to) savepoint/, 'end savepoint'));
}

async function timed(work: () => Promise<unknown>) {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

const rowsOf = async (table: typeof returns | typeof emailOutbox) =>
  (await t.db.select({ n: count() }).from(table))[0]!.n;

describe('the order lookup', () => {
  it('runs the same statements and takes as long for an order that exists and one that does not', async () => {
    recordStatements(t.db);
    const product = await makeProduct(t, { totalStock: 10 });
    const { order, email } = await makeGuestPaidOrder(t, [{ product, quantity: 2 }]);
    const { guestOrders } = t.app.services;
    const existing = () => guestOrders.lookup(order.orderNumber, email);
    const missing = () => guestOrders.lookup(missingNumber, email);

    const mails = await rowsOf(emailOutbox);
    const real = await statementsOf(existing);
    expect(await rowsOf(emailOutbox)).toBe(mails + 1);
    const decoy = await statementsOf(missing);
    // The decoy's mail was written and undone.
    expect(await rowsOf(emailOutbox)).toBe(mails + 1);
    expect(real.length).toBeGreaterThan(3);
    expect(decoy).toEqual(real);

    const times = { existing: [] as number[], missing: [] as number[] };
    for (let i = 0; i < RUNS; i += 1) {
      times.existing.push(await timed(existing));
      times.missing.push(await timed(missing));
    }
    const ratio = pairedRatio(times);
    expect(ratio, JSON.stringify(times)).toBeGreaterThan(0.5);
    expect(ratio, JSON.stringify(times)).toBeLessThan(3);
  });
});

describe('the withdrawal', () => {
  it('runs the same statements for an order of another email as for its own, recording only its own', async () => {
    recordStatements(t.db);
    const product = await makeProduct(t, { totalStock: 10 });
    const { order, email } = await makeGuestPaidOrder(t, [{ product, quantity: 2 }]);
    const lineId = order.cartItems[0]!.lineId;
    const { withdrawals } = t.app.services;
    const body = (withEmail: string) => ({
      orderNumber: order.orderNumber,
      email: withEmail,
      name: 'Wanda Withdrawer',
      lines: [{ lineId, quantity: 1 }],
      comment: '',
    });

    const before = await rowsOf(returns);
    let recorded = false;
    const other = await statementsOf(async () => {
      recorded = await withdrawals.withdraw(body('someone-else@example.com'));
    });
    expect(recorded).toBe(false);
    expect(await rowsOf(returns)).toBe(before);
    const own = await statementsOf(async () => {
      recorded = await withdrawals.withdraw(body(email));
    });
    expect(recorded).toBe(true);
    expect(await rowsOf(returns)).toBe(before + 1);
    expect(own.length).toBeGreaterThan(5);
    expect(other).toEqual(own);
  });

  it('runs the same statements for a missing order as for one it cannot record', async () => {
    recordStatements(t.db);
    const product = await makeProduct(t, { totalStock: 10 });
    // An order never paid: nothing to withdraw from, which its email is told.
    const guest = makeGuest(t);
    await guest.add({ product });
    const email = guestEmail();
    const created = await guest.create(email);
    expect(created.statusCode, created.body).toBe(201);
    const { orderNumber } = await orderRow(t, created.json().orderId);
    const { withdrawals } = t.app.services;
    const body = (n: number) => ({ orderNumber: n, email, name: 'W', comment: '' });

    const mails = await rowsOf(emailOutbox);
    const refused = await statementsOf(() => withdrawals.withdraw(body(orderNumber)));
    expect(await rowsOf(emailOutbox)).toBe(mails + 1);
    const decoy = await statementsOf(() => withdrawals.withdraw(body(missingNumber)));
    expect(await rowsOf(emailOutbox)).toBe(mails + 1);
    expect(refused.length).toBeGreaterThan(5);
    expect(decoy).toEqual(refused);
  });

  it(`takes as long for a missing order as for one it records (${RUNS} of each)`, async () => {
    const product = await makeProduct(t, { totalStock: RUNS + 5 });
    const placed = [];
    for (let i = 0; i < RUNS; i += 1) placed.push(await makeGuestPaidOrder(t, [{ product }]));
    const { withdrawals } = t.app.services;
    const body = (orderNumber: number, email: string) => ({
      orderNumber,
      email,
      name: 'Wanda Withdrawer',
      comment: '',
    });

    const times = { existing: [] as number[], missing: [] as number[] };
    for (const { order, email } of placed) {
      times.existing.push(await timed(() => withdrawals.withdraw(body(order.orderNumber, email))));
      times.missing.push(await timed(() => withdrawals.withdraw(body(missingNumber, email))));
    }
    // Each order's withdrawal was recorded, and none for the missing number.
    const recorded = await t.db
      .select({ n: count() })
      .from(returns)
      .where(
        inArray(
          returns.orderId,
          placed.map((p) => p.orderId),
        ),
      );
    expect(recorded[0]!.n).toBe(RUNS);
    // A recorded withdrawal writes a return, its lines and a mail where the decoy writes one
    // mail, so the two are near, not equal (about half on a loaded machine); a decoy that
    // skipped its work would answer in the lookup's few milliseconds, under a tenth.
    const ratio = pairedRatio(times);
    expect(ratio, JSON.stringify(times)).toBeGreaterThan(0.25);
    expect(ratio, JSON.stringify(times)).toBeLessThan(3);
  });
});
