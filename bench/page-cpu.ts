// npx tsx bench/page-cpu.ts  (after `npm run build`; DATABASE_URL of a database seeded with
// `seed --products N`). Server CPU per product page that is not kept yet, in process: each round
// asks for product pages no earlier round opened, as a browser asks (brotli), one at a time.
// `--warm` reads each product's API answer first, so the figure is the page's own cost (render,
// compression, keeping) over an answer in memory; without it a miss also reads the database.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { inProcessApp } from './in-process';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '300' },
    rounds: { type: 'string', default: '5' },
    warm: { type: 'boolean', default: false },
  },
});
const perRound = Number(args.requests);
const rounds = Number(args.rounds);

const { database, app } = await inProcessApp('page-cpu', {
  PUBLIC_STOREFRONT: 'true',
  PRERENDER_PAGES: 'false',
});
const found = await database.db.execute(
  sql`select id from products order by id limit ${perRound * (rounds + 1)}`,
);
const ids = (found as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
if (ids.length < perRound * (rounds + 1)) throw new Error(`seed at least ${ids.length} products`);

const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode}`);
};
// The first round's pages warm the code (JIT, the renderer's modules); it is not counted.
const roundIds = (round: number) => ids.slice(round * perRound, (round + 1) * perRound);

const profiler = process.env.PROFILE
  ? new (await import('node:inspector/promises')).Session()
  : undefined;
const perRequest: number[] = [];
for (let round = 0; round <= rounds; round += 1) {
  const batch = roundIds(round);
  if (args.warm) for (const id of batch) await get(`/api/shop/products/get/${id}`);
  if (round === 1 && profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  const cpu = process.cpuUsage();
  for (const id of batch) await get(`/shop/product/${id}`);
  const used = process.cpuUsage(cpu);
  if (round > 0) perRequest.push((used.user + used.system) / batch.length);
}
if (profiler) {
  const { profile } = await profiler.post('Profiler.stop');
  (await import('node:fs')).writeFileSync(process.env.PROFILE!, JSON.stringify(profile));
}
const sorted = [...perRequest].sort((a, b) => a - b);
console.log(
  `CPU µs per product page not kept${args.warm ? ', its answer in memory' : ''}, ${perRound} a round: rounds ${perRequest.map((v) => v.toFixed(0)).join(' ')}; median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)}`,
);
await app.close();
await database.close();
