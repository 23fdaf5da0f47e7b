// npx tsx bench/customers.ts [--customers 100000] [--duration 10]   (needs a build: dist/server)
// The admin customer list at scale on PostgreSQL: seeds N shoppers and about 2 orders each by
// SQL into a fresh `shop_bench_customers` database, starts the built server, and load-tests
// the list with autocannon (50 connections, 3 s warm-up) as bench/run.ts does. The cursors it
// pages with come from walking the whole list through the API (which checks that walk too).
// Beside latency it records the CPU each request cost the server and its database sessions,
// which a busy shared machine changes far less than latency. Writes docs/performance-customers.md.
// BENCH_DATABASE_URL as for `npm run bench`.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { childEnv, cpuTicks, serveFlags, waitFor, waitForIdle } from './server-process';

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

type Row = {
  name: string;
  rps: number;
  p99: number;
  errors: number;
  load: number;
  /** CPU time per request of the server process and of its database sessions. */
  serverMs: number;
  databaseMs: number;
};
type Answer = { data: { _id: string }[]; pagination: { next: string | null; prev: string | null } };
const walks: string[] = [];
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
  const get = async (url: string) => {
    const res = await fetch(`${base}${url}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    return (await res.json()) as Answer;
  };
  const list = '/api/admin/customers';
  // Next from the first page to the last, 100 at a time: every customer once, and a cursor
  // every 100 customers (deep ones included) for the load test.
  const walk = async (sort: string) => {
    const seen = new Set<string>();
    const next: string[] = [];
    const prev: string[] = [];
    let answer = await get(`${list}?sort=${sort}&limit=100`);
    const walkStarted = Date.now();
    for (;;) {
      for (const row of answer.data) seen.add(row._id);
      if (answer.pagination.prev) prev.push(answer.pagination.prev);
      if (!answer.pagination.next) break;
      next.push(answer.pagination.next);
      answer = await get(`${list}?sort=${sort}&limit=100&after=${answer.pagination.next}`);
    }
    const ms = Date.now() - walkStarted;
    const line = `${sort}: ${seen.size.toLocaleString('en')} customers in ${next.length + 1} pages by cursor, none twice (${Math.round(ms / (next.length + 1))} ms a page, one at a time)`;
    if (seen.size !== customers) throw new Error(`walk ${line}: expected ${customers}`);
    console.log(`  ${line}`);
    walks.push(line);
    return { next, prev };
  };
  const spent = await walk('-spent');
  const lastOrder = await walk('lastOrder');
  const joined = await walk('-joined');
  await waitForIdle(server.pid ?? 0);
  const pages = Math.ceil(customers / 50);
  const page = () => 1 + Math.floor(Math.random() * pages);
  const any = (cursors: string[]) => cursors[Math.floor(Math.random() * cursors.length)];
  const scenarios: [string, () => string][] = [
    // The machine is shared: this row says what the same load costs a near-empty signed-in route.
    ['reference: check-auth, signed in', () => '/api/auth/check-auth'],
    // The baseline: page numbers (OFFSET), as the list paged before cursors.
    [
      'baseline: sort by spent, random page number (OFFSET)',
      () => `${list}?sort=-spent&page=${page()}`,
    ],
    [
      'sort by spent, page after a random cursor',
      () => `${list}?sort=-spent&after=${any(spent.next)}`,
    ],
    [
      'sort by last order, page after a random cursor',
      () => `${list}?sort=lastOrder&after=${any(lastOrder.next)}`,
    ],
    [
      'sort by last order, page before a random cursor',
      () => `${list}?sort=lastOrder&before=${any(lastOrder.prev)}`,
    ],
    [
      'newest first, page after a random cursor',
      () => `${list}?sort=-joined&after=${any(joined.next)}`,
    ],
    ['newest first, first page', () => list],
    [
      'search by email, first page',
      () => `${list}?search=customer${1 + Math.floor(Math.random() * customers)}%40`,
    ],
  ];
  // The server's database sessions, whose CPU counts as the request's too.
  const monitor = new pg.Client({ connectionString: pgUrl.toString() });
  await monitor.connect();
  const sessionPids = async () =>
    (
      await monitor.query(`select pid from pg_stat_activity where datname = 'shop_bench_customers'`)
    ).rows.map((r: { pid: number }) => r.pid);
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
    const sessions = new Map((await sessionPids()).map((pid) => [pid, cpuTicks(pid)]));
    const serverBefore = cpuTicks(server.pid ?? 0);
    const r = await autocannon({ ...options, duration });
    // Clock ticks are 10 ms. A session the pool closed meanwhile (it reads 0) is left out.
    const perRequest = (ticks: number) => (ticks * 10) / Math.max(1, r.requests.total);
    const serverMs = perRequest(cpuTicks(server.pid ?? 0) - serverBefore);
    const databaseMs = perRequest(
      [...sessions].reduce((sum, [pid, start]) => sum + Math.max(0, cpuTicks(pid) - start), 0),
    );
    const row = {
      name,
      rps: Math.round(r.requests.average),
      p99: r.latency.p99,
      errors: r.errors + r.timeouts + r.non2xx,
      load: loadavg()[0] ?? 0,
      serverMs,
      databaseMs,
    };
    console.log(
      `  ${row.rps} req/s, p99 ${row.p99} ms, ${row.errors} errors, ${serverMs.toFixed(2)} + ${databaseMs.toFixed(2)} ms CPU a request`,
    );
    rows.push(row);
  }
  await monitor.end();
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
    return `| ${r.name} | ${r.rps} | ${r.p99} | ${r.errors} | ${r.serverMs.toFixed(2)} | ${r.databaseMs.toFixed(2)} | ${r.load.toFixed(1)} | ${budget} | ${met} |`;
  })
  .join('\n');
writeFileSync(
  path.join(root, 'docs/performance-customers.md'),
  `# Performance: the admin customer list (issue 27)

\`npx tsx bench/customers.ts\` (after a build), PostgreSQL, ${customers.toLocaleString('en')}
customers with 0 to 4 orders each, 50 connections for ${duration} s after a 3 s warm-up, on
this machine (2 cores, shared). Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.

| Scenario | req/s | p99 ms | errors | CPU ms/req: server | CPU ms/req: database | load avg (2 cores) | budget | |
|---|---:|---:|---:|---:|---:|---:|---|---|
${table}

The CPU columns are the CPU time of the server process and of its PostgreSQL sessions during
the run, divided by the requests answered: what one request costs, which waiting for a shared
CPU changes far less than latency. Two cores give at most 2,000 ms of CPU a second.

Cursors come from walking each sort from first page to last through the API, 100 at a time (a
cursor every 100 customers, the deepest included); every walk saw each customer once:

${walks.map((w) => `- ${w}`).join('\n')}

A page after or before a cursor is one range of the sort's index on \`customer_stats\` (a row
comparison, \`(key, user_id) > (cursor)\`; migration 0021), so it reads the page's entries
whatever its depth; only its rows are joined to \`users\`. The baseline row pages by number
(OFFSET), which walks the index up to the page (from the nearer end, so at most half of it):
the API still answers \`page=\`, and the back office pages by cursor.

<!-- notes -->
`,
);
console.log('wrote docs/performance-customers.md');
