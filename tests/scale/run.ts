import { startSmtp } from '../helpers/smtp';
import { addProducts, multiSizeCart, type ScaleProduct } from './catalog';
import { type Answer, describe, Http, Shopper } from './client';
import { type Cluster, createCluster } from './cluster';
import { Findings } from './findings';
import { checkInvariants, drainOutbox } from './invariants';
import { approve, checkout, Disruptions, Ledger, pay, type Run, step } from './journey';
import { loadWithFailures } from './load';

// `npm run test:scale`: three built instances of the shop behind nginx (round robin) on one
// PostgreSQL database and Redis. The purchase journey through the balancer; 100 checkouts at
// once; browsing and buying while one instance is stopped and another killed; then the
// invariants in SQL. Prints a summary and exits 1 on any failure. See docs/operations.md.

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// How many shoppers rush the checkout at once (and then shop during the load).
const RUSH = Number(process.env.SCALE_SHOPPERS ?? 100);
const PRODUCTS = 6;
const STOCK = 1000;

const findings = new Findings();
const ledger = new Ledger();
const disruptions = new Disruptions();
const byUpstream = new Map<string, number>();
const statuses = new Map<number, number>();
const run: Run = {
  findings,
  ledger,
  disruptions,
  seen(a: Answer) {
    statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    if (a.upstream) byUpstream.set(a.upstream, (byUpstream.get(a.upstream) ?? 0) + 1);
  },
};

const phase = (title: string) => console.log(`\n▶ ${title}`);
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

async function main() {
  const began = Date.now();
  const smtp = await startSmtp();
  const cluster = createCluster({ databaseUrl: DATABASE_URL, redisUrl: REDIS_URL, env: smtp.env });
  let keepLogs = false;
  const interrupted = async () => {
    console.error('\ninterrupted: stopping everything');
    await cluster.cleanUp();
    await smtp.close();
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  // An error outside every phase still stops what was started and drops the database.
  const crashed = async (error: unknown) => {
    findings.fail('the scale test crashed', error instanceof Error ? error.stack : String(error));
    console.log(findings.summary());
    const logs = await cluster.cleanUp({ keepLogs: true }).catch(() => undefined);
    if (logs) console.log(`\nInstance and nginx logs kept in ${logs}`);
    process.exit(1);
  };
  process.once('uncaughtException', crashed);
  process.once('unhandledRejection', crashed);
  try {
    phase('Cluster: a fresh database, three built instances, nginx');
    const c = await cluster.start();
    const names = new Map(c.instances.map((i) => [`127.0.0.1:${i.port}`, i.name]));
    console.log(
      `  balancer ${c.origin} → ${c.instances.map((i) => `${i.name} :${i.port}`).join(', ')}`,
    );
    const http = new Http(c.origin, findings);
    const products = await addProducts(http, 'Scale', PRODUCTS, STOCK);

    await findings.guard('the purchase journey', () => journey(http, products, names));
    const shoppers = await signUp(http, RUSH);
    await findings.guard('the rush', () => rush(shoppers, products));
    // The rush's confirmations go out before the load, so the instance killed there holds
    // few of them (a killed sender's claimed messages wait out a 2-minute lease).
    const since = Date.now();
    const left = await drainOutbox(c.databaseUrl, 60_000);
    console.log(`  confirmations sent in ${seconds(since)}; ${smtp.received.length} emails so far`);
    if (left > 0) findings.fail('the rush: confirmations still unsent after 60 s', `${left}`);

    phase('Load: reads and purchases; one instance stopped, one killed, both started again');
    await findings.guard('the load', async () => {
      const before = new Map(byUpstream);
      await loadWithFailures(run, c, shoppers, products, {
        readers: 12,
        buyers: 12,
        stopAt: 4,
        killAt: 8,
        restartAt: 12,
        after: 6,
      });
      for (const instance of c.instances) {
        const key = `127.0.0.1:${instance.port}`;
        if ((byUpstream.get(key) ?? 0) <= (before.get(key) ?? 0)) {
          findings.fail(`${instance.name} answered nothing during the load`);
        }
      }
    });

    phase('Invariants in SQL, and the confirmation emails');
    await findings.guard('the invariants', () =>
      checkInvariants(findings, c.databaseUrl, products, ledger, smtp),
    );
    report(c, names);
  } catch (error) {
    findings.fail(
      'the scale test could not run',
      error instanceof Error ? (error.stack ?? error.message) : String(error),
    );
  } finally {
    // Expected: the 503s of the stopping instance. Anything else is reported with its stack.
    for (const [message, { count, example }] of cluster.loggedErrors()) {
      if (message.startsWith('The shop is restarting')) {
        findings.note('instances logged the 503 of a stopping instance as an error', `${count}`);
      } else {
        for (let i = 0; i < count; i += 1) findings.note(`instances logged: ${message}`, example);
      }
    }
    keepLogs = findings.failed;
    console.log(findings.summary());
    const logs = await cluster.cleanUp({ keepLogs });
    if (logs) console.log(`\nInstance and nginx logs kept in ${logs}`);
    await smtp.close();
    console.log(`\nTook ${seconds(began)}.`);
  }
  process.exit(findings.failed ? 1 : 0);
}

/** One shopper's whole visit, each step printed with the instance that answered. */
async function journey(http: Http, products: ScaleProduct[], names: Map<string, string>) {
  phase('The purchase journey through the balancer');
  const by = (a: Answer | undefined) =>
    a ? `${a.status} from ${names.get(a.upstream) ?? a.upstream}` : 'failed';
  const shopper = await Shopper.create(http, 'journey');
  console.log(`  signed up and in as ${shopper.email}`);
  const product = products[0]!;
  const get = (what: string, url: string, check: (a: Answer) => boolean) =>
    step(
      run,
      what,
      () => http.call('GET', url, { cookie: shopper.cookie }),
      (a) => a.status === 200 && check(a),
    );
  const listing = await get('the listing', '/api/shop/products/get?category=men', (a) =>
    (a.json.data as Array<{ _id: string }>).some((p) => p._id === product.id),
  );
  console.log(`  listing: ${by(listing)}`);
  const page = await get('the listing page', '/shop/listing?category=men', (a) =>
    a.text.includes(product.title),
  );
  console.log(`  listing page (server-rendered): ${by(page)}`);
  const detail = await get(
    'the product',
    `/api/shop/products/get/${product.id}`,
    (a) => a.json.data.variants.length === 3,
  );
  console.log(`  product: ${by(detail)}`);
  const lines = product.variants
    .slice(0, 2)
    .map((v) => ({ productId: product.id, variantId: v.id, quantity: 1 }));
  const order = await checkout(run, shopper, lines);
  if (!order) throw new Error('checkout failed');
  console.log(`  two sizes in the cart, order created: ${order.orderId}`);
  const token = await approve(run, shopper, order.approvalURL);
  if (!token) throw new Error('approval failed');
  console.log('  approved at the simulator (its page and button served by the instances)');
  if (!(await pay(run, shopper, order.orderId, token))) throw new Error('capture failed');
  const paid = await get(
    'the paid order',
    `/api/shop/order/details/${order.orderId}`,
    (a) => a.json.data.paymentStatus === 'paid',
  );
  console.log(`  captured; the order reads paid: ${by(paid)}`);
  // The session, made on one instance, works on every one.
  const answered = new Set<string>();
  for (let i = 0; i < 6; i += 1) {
    const a = await get(
      'check-auth',
      '/api/auth/check-auth',
      (x) => x.json.user?.email === shopper.email,
    );
    if (a) answered.add(a.upstream);
  }
  console.log(`  signed in on ${answered.size} of 3 instances (round robin)`);
  if (answered.size < 3)
    findings.fail('round robin did not reach every instance', [...answered].join(', '));
  findings.count('journey: purchases paid');
}

async function signUp(http: Http, count: number) {
  phase(`${count} shoppers sign up and sign in through the balancer`);
  const since = Date.now();
  const shoppers: Shopper[] = [];
  const queue = Array.from({ length: count }, (_, i) => i + 1);
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
        shoppers.push(await Shopper.create(http, `shopper-${n}`));
      }
    }),
  );
  console.log(`  ${shoppers.length} shoppers in ${seconds(since)}`);
  return shoppers;
}

/** Every shopper fills a cart of two or three sizes, then all check out and pay at once. */
async function rush(shoppers: Shopper[], products: ScaleProduct[]) {
  phase(`${shoppers.length} checkouts at once of multi-size carts (overlapping products)`);
  const carts = shoppers.map((_, i) => multiSizeCart(products, i + 1));
  await Promise.all(
    shoppers.map(async (s, i) => {
      for (const line of carts[i]!) {
        await step(
          run,
          'add to cart',
          () => s.addToCart(line),
          (a) => a.status === 200 || a.status === 201,
        );
      }
    }),
  );
  const since = Date.now();
  const firsts = await Promise.all(shoppers.map((s) => s.createOrder()));
  const count = (status: number) => firsts.filter((a) => a.status === status).length;
  const serverErrors = firsts.filter((a) => a.status >= 500);
  console.log(
    `  first answers in ${seconds(since)}: ${count(201)} × 201, ${count(409)} × 409, ${serverErrors.length} × 5xx`,
  );
  findings.count('rush: checkouts answered 201 at once', count(201));
  findings.count('rush: checkouts answered 409 at once (sent again)', count(409));
  for (const a of serverErrors) findings.fail(`rush: ${a.status} on a checkout`, describe(a));
  // The refused ones check out again as a shopper would; then everyone pays at once.
  const orders = await Promise.all(
    shoppers.map(async (s, i) => {
      const first = firsts[i]!;
      run.seen(first);
      if (first.status === 201) {
        ledger.created.set(first.json.orderId, { email: s.email, lines: carts[i]! });
        return first.json as { orderId: string; approvalURL: string };
      }
      return checkout(run, s, carts[i]!);
    }),
  );
  const paying = Date.now();
  const paid = await Promise.all(
    shoppers.map(async (s, i) => {
      const order = orders[i];
      if (!order) return false;
      const token = await approve(run, s, order.approvalURL);
      return token ? pay(run, s, order.orderId, token) : false;
    }),
  );
  const n = paid.filter(Boolean).length;
  console.log(
    `  ${n} of ${shoppers.length} paid (approve + capture at once) in ${seconds(paying)}`,
  );
  findings.count('rush: orders paid', n);
  if (n < shoppers.length)
    findings.fail('rush: not every shopper could pay', `${n} of ${shoppers.length}`);
}

/** How the answers spread over the instances, and their statuses, as counts of the summary. */
function report(c: Cluster, names: Map<string, string>) {
  for (const i of c.instances) names.set(`127.0.0.1:${i.port}`, i.name);
  for (const [upstream, n] of [...byUpstream].sort()) {
    findings.count(`answers from ${names.get(upstream) ?? upstream}`, n);
  }
  for (const [status, n] of [...statuses].sort(([a], [b]) => a - b)) {
    findings.count(`answers ${status || '(no answer)'}`, n);
  }
}

void main();
