import { multiSizeCart, type ScaleProduct } from './catalog';
import type { Shopper } from './client';
import type { Cluster, Instance } from './cluster';
import { blocked, purchase, type Run, step } from './journey';

// Shoppers browse and buy while one instance is stopped (SIGTERM: the shop's graceful shutdown)
// and another killed (SIGKILL: gone mid-request); both are started again and rejoin. nginx must
// send every read that met a dead or stopping instance to a live one: no read may fail.

export type LoadPlan = {
  /** Readers browsing at once, and buyers checking out at once (one shopper each). */
  readers: number;
  buyers: number;
  /** Seconds from the start: SIGTERM one instance, SIGKILL another, start both again. */
  stopAt: number;
  killAt: number;
  restartAt: number;
  /** Seconds of load after both are back. */
  after: number;
};

const SORTS = ['price-lowtohigh', 'price-hightolow', 'title-atoz', 'title-ztoa'];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

/** One of the reads a storefront makes, chosen at random. */
function read(shopper: Shopper, products: ScaleProduct[]) {
  const product = pick(products);
  const get = (url: string) => shopper.http.call('GET', url, { cookie: shopper.cookie });
  switch (Math.floor(Math.random() * 7)) {
    case 0:
      return get(
        `/api/shop/products/get?category=men&sortBy=${pick(SORTS)}&size=${pick(['S', 'M', 'L'])}`,
      );
    case 1:
      return get(`/api/shop/products/get/${product.id}`);
    case 2:
      return get(`/api/shop/search/${encodeURIComponent(product.title.split(' ')[0]!)}`);
    case 3:
      return get('/api/auth/check-auth');
    case 4:
      return get(`/api/shop/order/list/${shopper.userId}`);
    case 5:
      return get(`/api/shop/cart/get/${shopper.userId}`);
    default:
      // A server-rendered storefront page.
      return get(`/shop/product/${product.id}`);
  }
}

export async function loadWithFailures(
  run: Run,
  cluster: Cluster,
  shoppers: Shopper[],
  products: ScaleProduct[],
  plan: LoadPlan,
) {
  const { findings } = run;
  const started = Date.now();
  const at = (seconds: number) => sleep(Math.max(0, started + seconds * 1000 - Date.now()));
  let done = false;
  let seed = 10_000;

  const readers = Array.from({ length: plan.readers }, async (_, i) => {
    while (!done) {
      const shopper = shoppers[(i * 7 + Math.floor(Math.random() * 1000)) % shoppers.length]!;
      const answer = await step(
        run,
        'read',
        () => read(shopper, products),
        (a) => a.status === 200,
        { tries: 1 },
      );
      if (answer) findings.count('load: reads answered 200');
    }
  });
  // Each buyer has its own shoppers: one shopper never checks out twice at once.
  const buyers = Array.from({ length: plan.buyers }, async (_, i) => {
    const own = shoppers.filter((_, n) => n % plan.buyers === i);
    for (let n = 0; !done; n += 1) {
      const shopper = own[n % own.length]!;
      if (blocked.has(shopper)) {
        await sleep(50);
        continue;
      }
      seed += 1;
      const paid = await purchase(run, shopper, multiSizeCart(products, seed));
      findings.count(paid ? 'load: purchases paid' : 'load: purchases not completed');
    }
  });

  const [, second, third] = cluster.instances as [Instance, Instance, Instance];
  await at(plan.stopAt);
  console.log(`  ${elapsed(started)} SIGTERM ${second.name}`);
  const stopped = cluster.stop(second);
  run.disruptions.track(`127.0.0.1:${second.port}`, 'stopping', stopped);
  await at(plan.killAt);
  console.log(`  ${elapsed(started)} SIGKILL ${third.name}`);
  const killed = cluster.kill(third);
  run.disruptions.track(`127.0.0.1:${third.port}`, 'killed', killed);
  const stopCode = await stopped;
  console.log(`  ${elapsed(started)} ${second.name} exited (${stopCode})`);
  if (stopCode !== 0) findings.fail(`${second.name} stopped by SIGTERM exited ${stopCode}, not 0`);
  await killed;

  await at(plan.restartAt);
  console.log(`  ${elapsed(started)} starting ${second.name} and ${third.name} again`);
  const back = await Promise.all([cluster.restart(second), cluster.restart(third)]);
  cluster.instances.splice(1, 2, ...back);
  console.log(`  ${elapsed(started)} both ready; ${plan.after} s more of load`);
  const rejoined = Date.now();
  await sleep(plan.after * 1000);
  done = true;
  await Promise.all([...readers, ...buyers]);
  console.log(`  ${elapsed(started)} load done`);
  return { rejoined };
}

const elapsed = (since: number) => `${((Date.now() - since) / 1000).toFixed(1).padStart(5)} s`;
