// npx tsx bench/customers.ts [--customers 100000] [--duration 10]   (needs a build: dist/server)
// The admin customer list at scale on PostgreSQL: seeds N shoppers and about 2 orders each by
// SQL into a fresh `shop_bench_customers` database, starts the built server, and load-tests
// the list with autocannon (50 connections, 3 s warm-up) as bench/run.ts does. Writes
// docs/performance-customers.md. BENCH_DATABASE_URL as for `npm run bench`.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { childEnv, serveFlags, waitFor, waitForIdle } from './server-process';

const { values: args } = parseArgs({
  options: {
    customers: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
  },
});
const customers = Number(args.customers);
const duration = Number(args.duration);
const root = path.resolve(import.meta.dirname, '..');
const pgUrl = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const admin = { email: 'bench-admin@example.com', password: 'bench-admin-password' };

const server0 = new pg.Client({ connectionString: pgUrl.toString() });
await server0.connect();
await server0.query('drop database if exists shop_bench_customers with (force)');
await server0.query('create database shop_bench_customers');
await server0.end();
const dbUrl = new URL(pgUrl);
dbUrl.pathname = '/shop_bench_customers';
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-customers-'));
const port = 44_000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const server: ChildProcess = spawn(process.execPath, [...serveFlags(root), 'dist/server/main.js'], {
  cwd: root,
  env: childEnv({
    DATABASE_URL: dbUrl.toString(),
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  }),
  stdio: ['ignore', 'ignore', 'inherit'],
});

type Row = { name: string; rps: number; p99: number; errors: number; load: number };
const rows: Row[] = [];
try {
  await waitFor(`${base}/readyz`);
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
  console.log(`seeding ${customers} customers and their orders`);
  const started = Date.now();
  // Bulk load with triggers off (replica role), then the stats computed once as migration
  // 0020's backfill does; the triggers themselves are tested in tests/api/customers.test.ts.
  await db.query(`set session_replication_role = replica`);
  await db.query(
    `insert into users (user_name, email, password_hash, role, created_at)
     select 'Customer ' || i, 'customer' || i || '@example.com', 'x', 'shopper',
            now() - (random() * interval '1000 days')
       from generate_series(1, $1) i`,
    [customers],
  );
  await db.query(
    `insert into orders (user_id, address, city, pincode, phone, notes, payment_status,
                         order_status, total_cents, refunded_cents, order_date)
     select u.id, '1 Bench Road', 'Benchville', '12345', '555', '', s.status,
            'confirmed', s.total, case when s.status = 'refunded' then s.total
                                       when s.status = 'partially_refunded' then s.total / 2
                                       else 0 end,
            now() - (random() * interval '900 days')
       from users u
       cross join lateral generate_series(1, (abs(hashtext(u.id::text)) % 5)) g
       cross join lateral (select (array['paid','paid','paid','partially_refunded','refunded',
                                         'cancelled'])[1 + floor(random() * 6)::int] as status,
                                  (1000 + floor(random() * 30000))::int as total
                            where g > 0) s
      where u.role = 'shopper'`,
  );
  await db.query(`set session_replication_role = origin`);
  await db.query(
    `insert into customer_stats (user_id, orders_count, spent_cents, last_order_at, joined_at)
     select u.id, count(o.id)::int, coalesce(sum(o.total_cents - o.refunded_cents), 0)::bigint,
            max(o.order_date), u.created_at
       from users u left join orders o on o.user_id = u.id
        and o.payment_status in ('paid', 'partially_refunded', 'refunded')
      where u.role = 'shopper' group by u.id
     on conflict (user_id) do nothing`,
  );
  await db.query('vacuum analyze');
  const [{ n: orderCount }] = (await db.query('select count(*)::int as n from orders')).rows;
  console.log(`  ${orderCount} orders, in ${Math.round((Date.now() - started) / 1000)} s`);
  await db.end();

  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(admin),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  await waitForIdle(server.pid ?? 0);
  const pages = Math.ceil(customers / 50);
  const page = () => 1 + Math.floor(Math.random() * pages);
  const list = '/api/admin/customers';
  const scenarios: [string, () => string][] = [
    // The machine is shared: this row says what the same load costs a near-empty signed-in route.
    ['reference: check-auth, signed in', () => '/api/auth/check-auth'],
    ['admin customers, sort by spent, random page', () => `${list}?sort=-spent&page=${page()}`],
    [
      'admin customers, sort by last order, random page',
      () => `${list}?sort=-lastOrder&page=${page()}`,
    ],
    ['admin customers, newest first, first page', () => list],
    [
      'admin customers, search by email, first page',
      () => `${list}?search=customer${1 + Math.floor(Math.random() * customers)}%40`,
    ],
  ];
  for (const [name, query] of scenarios) {
    console.log(name);
    const options = {
      url: `${base}${list}`,
      connections: 50,
      pipelining: 1,
      headers: { cookie },
      requests: [{ setupRequest: (req: object) => ({ ...req, path: query() }) }],
    };
    await autocannon({ ...options, duration: 3 });
    const r = await autocannon({ ...options, duration });
    const row = {
      name,
      rps: Math.round(r.requests.average),
      p99: r.latency.p99,
      errors: r.errors + r.timeouts + r.non2xx,
      load: loadavg()[0] ?? 0,
    };
    console.log(`  ${row.rps} req/s, p99 ${row.p99} ms, ${row.errors} errors`);
    rows.push(row);
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}

const table = rows
  .map((r) => {
    const ok = r.p99 <= 100 && r.errors === 0;
    const budget = r.name.startsWith('reference') ? '-' : 'p99 ≤ 100 ms; no errors';
    const met = r.name.startsWith('reference') ? '' : ok ? 'met' : 'NOT met';
    return `| ${r.name} | ${r.rps} | ${r.p99} | ${r.errors} | ${r.load.toFixed(1)} | ${budget} | ${met} |`;
  })
  .join('\n');
writeFileSync(
  path.join(root, 'docs/performance-customers.md'),
  `# Performance: the admin customer list (issue 27)

\`npx tsx bench/customers.ts\` (after a build), PostgreSQL, ${customers.toLocaleString('en')}
customers with 0 to 4 orders each, 50 connections for ${duration} s after a 3 s warm-up, on
this machine (2 cores, shared). Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.

| Scenario | req/s | p99 ms | errors | load avg (2 cores) | budget | |
|---|---:|---:|---:|---:|---|---|
${table}

A random page is any of the ${Math.ceil(customers / 50).toLocaleString('en')} pages of 50: the
deepest ones skip almost every row. Sorts read one index of \`customer_stats\` (kept by triggers
on orders and users, migration 0020; see docs/back-office.md) and join only the page's rows to
\`users\`; no request adds up orders. The unsearched total is counted at most every 5 s, and a
page past the middle is read from the other end of its index, so no page walks more than half.

<!-- notes -->
`,
);
console.log('wrote docs/performance-customers.md');
