// npx tsx bench/cart-cpu.ts [--adds 2000] [--lines 50]
// Server CPU per cart add, in process, on the default database (PGlite in a temporary data
// directory; DATABASE_URL for PostgreSQL): shoppers fill their carts to `lines` lines as the
// bench's 95/5 run does, then each add is timed through app.inject, and its database steps
// apart (the add statement, which answers the cart too, and the cart's read alone, as the cart
// page makes it). A quick loop for the write path.
import { parseArgs } from 'node:util';
import { userShopper } from '../server/src/lib/shopper';
import * as cartRepo from '../server/src/modules/cart/cart.repository';
import { inProcessApp } from './in-process';

const { values: args } = parseArgs({
  options: {
    adds: { type: 'string', default: '2000' },
    lines: { type: 'string', default: '50' },
    shoppers: { type: 'string', default: '20' },
  },
});

const { config, database, app } = await inProcessApp('cart-cpu', {
  AUTH_RATE_LIMIT_PER_MINUTE: '10000',
});
await app.services.seed.demo();

import { sql } from 'drizzle-orm';

// Stock for every add of the run (the demo's is small), on every line.
await database.db.execute(sql`update product_variants set total_stock = 1000000`);
await database.db.execute(sql`update products set total_stock = 1000000`);

type Line = { productId: string; variantId: string | null };
// The first lines of the catalogue: a variant of each product with variants, else the product.
const found = await database.db.execute(sql`
  select p.id as "productId",
    (select v.id from product_variants v where v.product_id = p.id order by v.id limit 1) as "variantId"
  from products p order by p.id limit ${Number(args.lines)}`);
const lines = (found as unknown as { rows: Line[] }).rows;

const origin = config.allowedOrigins[0]!;
const shoppers: { id: string; cookie: string }[] = [];
for (let i = 0; i < Number(args.shoppers); i++) {
  const email = `cart-cpu-${i}@example.com`;
  const body = { userName: `Shopper ${i}`, email, password: 'cart-cpu-password' };
  const headers = { origin };
  await app.inject({ method: 'POST', url: '/api/auth/register', headers, payload: body });
  const { userName: _, ...credentials } = body;
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers,
    payload: credentials,
  });
  const cookie = `session=${login.cookies.find((c) => c.name === 'session')?.value}`;
  if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
  shoppers.push({ id: login.json().user.id, cookie });
}
const add = async (shopper: (typeof shoppers)[number], line: Line) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/shop/cart/add',
    headers: { cookie: shopper.cookie, origin },
    payload: { userId: shopper.id, ...line, quantity: 1 },
  });
  if (res.statusCode !== 200) throw new Error(`add: ${res.statusCode} ${res.body}`);
};
// Every shopper's cart holds every line, as after the bench's first seconds.
for (const shopper of shoppers) for (const line of lines) await add(shopper, line);

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
const time = async (label: string, fn: () => Promise<unknown>) => {
  const n = Number(args.adds);
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < n; i++) await fn();
  const wall = (performance.now() - started) / n;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000 / n;
  console.log(`${label.padEnd(32)} ${wall.toFixed(3)} ms wall, ${cpuMs.toFixed(3)} ms CPU`);
};
const { db } = database;
for (let round = 0; round < 3; round++) {
  if (process.env.VACUUM) await database.db.execute(sql.raw(process.env.VACUUM));
  await time('cart add (inject)', () => add(pick(shoppers), pick(lines)));
  await time('add statement, with the cart', () =>
    cartRepo.addWithinStock(db, userShopper(pick(shoppers).id), pick(lines), 1),
  );
  await time(`cart read (${lines.length} lines)`, () =>
    cartRepo.findCartLines(db, userShopper(pick(shoppers).id)),
  );
  await time('check-auth (inject)', () =>
    app.inject({ url: '/api/auth/check-auth', headers: { cookie: pick(shoppers).cookie } }),
  );
}
await app.close();
