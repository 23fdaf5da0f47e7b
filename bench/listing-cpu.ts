// npx tsx bench/listing-cpu.ts  (DATABASE_URL of a database seeded with `seed --products N`)
// Server CPU per uncached listing request, in process: random listings (bench/workloads.ts)
// through app.inject, one at a time, the listing answers dropped before each round so every
// request is a miss of the storefront cache (products' JSON and the index stay warm, as under
// load). A quick loop for iterating on the listing path without a full `npm run bench`.
import { parseArgs } from 'node:util';
import { inProcessApp } from './in-process';
import { randomListing, variantFilters } from './workloads';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '5' },
    // plain: category/brand only; variant: size, colour and price too; both: half and half.
    mix: { type: 'string', default: 'both' },
  },
});

/** A fixed sequence of "random" listings, so two versions of the code answer the same URLs. */
function seeded(seed: number) {
  // mulberry32: 32-bit integer steps, so no precision is lost and the sequence does not cycle early.
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const { database, app } = await inProcessApp('listing-cpu');
await app.services.listing.warm();
const cache = app.services.storefrontCache;

/** Each round its own URLs, the same ones for every version of the code. */
function urlsOf(round: number) {
  const random = Math.random;
  Math.random = seeded(42 + round);
  const urls = Array.from({ length: Number(args.requests) }, (_, i) =>
    // Half plain filters, half with size/colour/price too, as the bench's two scenarios.
    (args.mix === 'both' ? i % 2 === 0 : args.mix === 'plain')
      ? randomListing().path
      : randomListing(variantFilters).path,
  );
  Math.random = random;
  return urls;
}

const perRequest: number[] = [];
const profiler = process.env.PROFILE
  ? new (await import('node:inspector/promises')).Session()
  : undefined;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
for (let round = 0; round < Number(args.rounds); round += 1) {
  const urls = urlsOf(round);
  cache.invalidateWhere((key) => key.startsWith('list:'));
  const cpu = process.cpuUsage();
  for (const url of urls) {
    const res = await app.inject({ method: 'GET', url });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  }
  const used = process.cpuUsage(cpu);
  perRequest.push((used.user + used.system) / urls.length);
}
if (profiler) {
  const { profile } = await profiler.post('Profiler.stop');
  (await import('node:fs')).writeFileSync(process.env.PROFILE!, JSON.stringify(profile));
}
const sorted = [...perRequest].sort((a, b) => a - b);
console.log(
  `CPU µs per listing request over ${args.requests} URLs a round: rounds ${perRequest.map((v) => v.toFixed(0)).join(' ')}; median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)}`,
);
await app.close();
await database.close();
