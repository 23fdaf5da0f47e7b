// npm run seed -- --products 10000   adds N generated products (benchmarks)
// npm run seed -- --demo             adds the demo products and banners the shop lacks (by
//                                    title), and the demo shipping zones, tax rates and code
//                                    when the shop has no zone of its own
// Uses the configured database (DATA_DIR or DATABASE_URL) and image storage, like the server.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { openDatabase, resolveSessionSecret } from '../db/open';
import { CLI_ACTOR } from '../modules/audit';
import { seedDemoPricing } from '../modules/seed';
import { createServices } from '../services';

const usage = 'usage: npm run seed -- --products N   |   npm run seed -- --demo';

const argsSchema = z.object({
  products: z.coerce.number().int().min(1).max(1_000_000).optional(),
  demo: z.boolean().default(false),
});

async function main() {
  const { values } = parseArgs({
    options: { products: { type: 'string' }, demo: { type: 'boolean' } },
  });
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success || (!parsed.data.products && !parsed.data.demo)) {
    const problems = parsed.success
      ? []
      : parsed.error.issues.map((i) => `  --${i.path.join('.')}: ${i.message}`);
    throw new UsageError([...problems, usage].join('\n'));
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const services = createServices({
      config,
      database,
      sessionSecret: resolveSessionSecret(config),
    });
    const { seed } = services;
    if (parsed.data.demo) {
      const { products, banners } = await seed.demo();
      console.log(
        products || banners
          ? `Added the demo catalogue: ${products} products, ${banners} banners`
          : 'The demo catalogue and banners are there already',
      );
      const after = { products, banners };
      await services.audit.record(CLI_ACTOR, seedEntry('demo', after));
      if (await seedDemoPricing(services)) {
        console.log('Added the demo shipping zones, tax rates and the WELCOME10 code');
      }
    }
    const count = parsed.data.products;
    if (count) {
      const started = Date.now();
      const added = await seed.bulk(count, (done) => {
        process.stdout.write(`\r  ${done} / ${count} products`);
      });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`\nAdded ${added} generated products in ${seconds} s`);
      await services.audit.record(CLI_ACTOR, seedEntry('bulk', { products: added }));
    }
  } finally {
    await database.close();
  }
}

// One audit entry per run (not per product): what the seed added.
const seedEntry = (kind: 'demo' | 'bulk', after: object) => ({
  action: `catalog.seed_${kind}`,
  entity: 'catalog',
  entityId: kind,
  before: null,
  after,
});

class UsageError extends Error {}

main().catch((error: unknown) => {
  const known =
    error instanceof UsageError ||
    error instanceof ConfigError ||
    error instanceof DataDirLockedError;
  console.error(known ? (error as Error).message : error);
  process.exit(1);
});
