// npx tsx bench/csv-export.ts [--orders 100000]
// Exports `orders` guest orders of two lines each as CSV through the route, in process, on the
// default database (PGlite in a temporary data directory; DATABASE_URL for PostgreSQL), and
// reports the time, the size and the process's memory before and at its peak during the export.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { inProcessApp } from './in-process';

const { values: args } = parseArgs({ options: { orders: { type: 'string', default: '100000' } } });
const count = Number(args.orders);

const { database, app } = await inProcessApp('csv-export');
const { auth } = app.services;
const admin = await auth.upsertAdmin({
  email: 'bench-admin@example.com',
  password: 'bench-password-1',
  userName: 'Bench',
});
const { token } = await auth.createSession(admin.user.id);

// Guests' orders: an account's orders would each re-add up its stats (a trigger).
for (let from = 1; from <= count; from += 10_000) {
  const to = Math.min(count, from + 9_999);
  await database.db.execute(sql`
    with made as (
      insert into orders (guest_email, guest_key, address, city, pincode, phone, notes,
        payment_status, order_status, total_cents, order_date)
      select 'guest' || g || '@example.com', 'key' || g, '1 Bench Road', 'Springfield', '12345',
        '555', '', 'paid', 'confirmed', 4000, now() - g * interval '1 minute'
      from generate_series(${from}::int, ${to}::int) as g
      returning id)
    insert into order_items (order_id, product_id, title, size, image, unit_price_cents, quantity)
    select id, gen_random_uuid(), t.title, t.size, '/uploads/x.webp', 2000, 1
    from made, (values ('Bench tee', 'M'), ('Bench cap', '')) as t(title, size)`);
}

global.gc?.();
const before = process.memoryUsage().rss;
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 50);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const started = performance.now();
const res = await fetch(`${address}/api/admin/export/orders.csv`, {
  headers: { cookie: `session=${token}`, 'accept-encoding': 'identity' },
});
let bytes = 0;
let lines = 0;
const reader = res.body!.getReader();
for (let read = await reader.read(); !read.done; read = await reader.read()) {
  bytes += read.value.length;
  for (const byte of read.value) if (byte === 10) lines += 1;
}
clearInterval(sampler);
const mb = (n: number) => `${(n / 1e6).toFixed(0)} MB`;
console.log(
  `${database.kind}: ${count} orders, ${lines - 1} rows, ${mb(bytes)} in ${((performance.now() - started) / 1000).toFixed(1)} s; RSS ${mb(before)} before, ${mb(peak)} at peak`,
);
await app.close();
await database.close();
