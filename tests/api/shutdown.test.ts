import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openPglite } from '../../server/src/db/client';
import { products } from '../../server/src/db/schema';
import {
  cleanUpProcesses,
  freePort,
  startServer,
  tempDir,
  waitForReady,
} from '../helpers/server-process';

// A deploy sends SIGTERM while shoppers check out (built-in PayPal simulator, embedded
// database): every request the server accepted gets a real answer, and no stock is lost.
afterAll(cleanUpProcesses);

const SHOPPERS = 50;
const STOCK = 1000;

/** Connection refused: the server had stopped accepting, the request was never taken. */
const isRefused = (error: unknown) =>
  (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';

async function seedProducts(dataDir: string) {
  const database = await openPglite({ dataDir: path.join(dataDir, 'db') });
  await database.migrate();
  const rows = await database.db
    .insert(products)
    .values(
      [1, 2, 3].map((n) => ({
        image: '/uploads/test.webp',
        title: `Shutdown Tee ${n}`,
        category: 'men',
        brand: 'nike',
        priceCents: 1000 * n,
        totalStock: STOCK,
      })),
    )
    .returning({ id: products.id });
  await database.close();
  return rows.map((r) => r.id);
}

async function stockAndReserved(dataDir: string) {
  const database = await openPglite({ dataDir: path.join(dataDir, 'db') });
  try {
    const result = await database.db.execute<{ total: string }>(
      `select (select sum(total_stock) from products) + coalesce((select sum(i.quantity) from order_items i
        join orders o on o.id = i.order_id where o.payment_status in ('pending', 'paid')), 0) as total` as never,
    );
    return Number((result as unknown as { rows: Array<{ total: string }> }).rows[0]!.total);
  } finally {
    await database.close();
  }
}

it('finishes every accepted checkout request on SIGTERM and conserves stock', async () => {
  const dataDir = tempDir();
  const productIds = await seedProducts(dataDir);
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: base,
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  };
  const server = startServer(env);
  await waitForReady(port);

  const failures: string[] = [];
  let answered = 0;
  let stopped = false;
  let paidSoFar = 0;
  /** One HTTP exchange: an answer, or `undefined` when the server no longer accepts. */
  const call = async (url: string, init: RequestInit = {}, cookie = '') => {
    try {
      const res = await fetch(`${base}${url}`, {
        ...init,
        redirect: 'manual',
        headers: {
          ...(init.body && typeof init.body === 'string' && init.body.startsWith('{')
            ? { 'content-type': 'application/json' }
            : {}),
          // Sent from the shop's own pages: a cookie-carrying write needs its Origin (CSRF).
          ...(cookie ? { cookie, origin: base } : {}),
          ...(init.headers as Record<string, string> | undefined),
        },
      });
      const text = await res.text();
      answered += 1;
      // Arrived after SIGTERM: refused cleanly (nothing done), as a load balancer expects.
      if (res.status === 503 && text.includes('UNAVAILABLE')) {
        stopped = true;
        return undefined;
      }
      if (res.status >= 500) failures.push(`${url}: ${res.status} ${text}`);
      return { status: res.status, text, headers: res.headers };
    } catch (error) {
      if (!isRefused(error)) failures.push(`${url}: ${String((error as Error).cause ?? error)}`);
      stopped = true;
      return undefined;
    }
  };
  const json = (body: object) => ({ method: 'POST', body: JSON.stringify(body) });

  /** Registers, signs in and saves an address; the checkouts start once everyone is ready. */
  async function prepare(n: number) {
    const email = `shutdown-${n}@example.com`;
    const password = 'a long password';
    await call('/api/auth/register', json({ userName: `S ${n}`, email, password }));
    const login = await call('/api/auth/login', json({ email, password }));
    if (!login) throw new Error('the server stopped before the shoppers were ready');
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`);
    const userId = JSON.parse(login.text).user.id as string;
    const address = await call(
      '/api/shop/address/add',
      json({
        userId,
        address: '1 Road',
        city: 'Town',
        pincode: '12345',
        phone: '555 0100',
        notes: 'x',
      }),
      cookie,
    );
    if (!address) throw new Error('the server stopped before the shoppers were ready');
    const addressId = JSON.parse(address.text).data._id as string;
    return { n, cookie, userId, addressId };
  }

  async function shopper({ n, cookie, userId, addressId }: Awaited<ReturnType<typeof prepare>>) {
    let bought = 0;
    while (!stopped) {
      const productId = productIds[n % productIds.length]!;
      if (!(await call('/api/shop/cart/add', json({ userId, productId, quantity: 1 }), cookie)))
        break;
      const created = await call(
        '/api/shop/order/create',
        json({ userId, addressInfo: { addressId } }),
        cookie,
      );
      if (created?.status !== 201) break;
      const approvalURL = new URL(JSON.parse(created.text).approvalURL as string);
      const token = approvalURL.searchParams.get('token')!;
      if (!(await call(`${approvalURL.pathname}${approvalURL.search}`))) break;
      const approved = await call('/paypal-sandbox/checkoutnow/approve', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token }).toString(),
      });
      if (!approved) break;
      const captured = await call('/api/shop/order/capture', json({ paymentId: token }), cookie);
      if (captured?.status === 200) {
        bought += 1;
        paidSoFar += 1;
      }
    }
    return bought;
  }

  const ready = [];
  for (let n = 0; n < SHOPPERS; n += 10) {
    ready.push(...(await Promise.all(Array.from({ length: 10 }, (_, i) => prepare(n + i)))));
  }
  expect(failures).toEqual([]);
  const load = Promise.all(ready.map((s) => shopper(s)));
  // Let the checkouts get going (at least 3 s and one paid order, however slow the machine),
  // then deploy.
  const started = Date.now();
  while ((Date.now() - started < 3000 || paidSoFar === 0) && Date.now() - started < 60_000) {
    await new Promise((r) => setTimeout(r, 100));
  }
  server.child.kill('SIGTERM');
  const bought = (await load).reduce((a, b) => a + b, 0);
  expect(await server.exited).toBe(0);

  expect(failures).toEqual([]);
  expect(answered).toBeGreaterThan(SHOPPERS * 4);
  expect(bought).toBeGreaterThan(0);

  // After a restart the shop opens its database and every unit is in stock or in an order.
  const again = startServer({ ...env, PORT: String(port + 1) });
  await waitForReady(port + 1);
  again.child.kill('SIGTERM');
  expect(await again.exited).toBe(0);
  expect(await stockAndReserved(dataDir)).toBe(STOCK * productIds.length);
}, 180_000);
