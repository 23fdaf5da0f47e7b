import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const config = path.join(root, '.dependency-cruiser.mjs');
const depcruise = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

type Violation = { from: string; to: string; rule: { name: string } };

/** Runs the CLI as `npm run check` does, with JSON out, from `cwd`; returns the violations. */
async function cruise(cwd: string, folders: string[]) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [depcruise, '--config', config, '--output-type', 'json', ...folders],
    { cwd, maxBuffer: 64 * 1024 * 1024 },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  const result = JSON.parse(stdout) as { summary: { violations: Violation[] } };
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
}

/** A tiny tree that breaks each rule once and keeps it once (the lines that must not report). */
const fixtures: Record<string, string> = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      baseUrl: '.',
      paths: { '@contract/*': ['contract/*'], '@/*': ['web/src/*'] },
    },
  }),
  'contract/limits.ts': `export const limit = 1;\n`,
  'contract/money.ts': `import { limit } from './limits';\nexport const cents = limit * 100;\n`,
  'server/src/modules/orders/orders.service.ts': `import { limit } from '../../../../contract/limits';\nexport const orders = limit;\n`,
  'server/src/modules/cart/cart.service.ts': `import { limit } from '@contract/limits';\nexport const cart = limit;\n`,
  'web/src/routes/page.tsx': `import { orders } from '../../../server/src/modules/orders/orders.service';\nimport { cents } from '@contract/money';\nexport const page = orders + cents;\n`,
  // A module, and the code outside the modules, reaches a module only through its index.ts (never
  // its service file, orders' included); its tables only from its tables (a foreign key).
  'server/src/modules/storefront/index.ts': `export { listing } from './listing.service';\n`,
  'server/src/modules/storefront/listing.service.ts': `export const listing = 1;\n`,
  'server/src/modules/reviews/reviews.service.ts': [
    `import { listing } from '../storefront';`,
    `import { listing as direct } from '../storefront/listing.service';`,
    `import { cart } from '../cart/cart.service';`,
    `import { orders } from '../orders/orders.service';`,
    `export const reviews = listing + direct + cart + orders;`,
    '',
  ].join('\n'),
  'server/src/services.ts': `import { cart } from './modules/cart/cart.service';\nimport { listing } from './modules/storefront';\nexport const services = cart + listing;\n`,
  'server/src/modules/catalog/catalog.table.ts': `export const products = 1;\n`,
  'server/src/modules/reviews/reviews.table.ts': `import { products } from '../catalog/catalog.table';\nexport const reviewsTable = products;\n`,
  'server/src/modules/orders/orders.table.ts': `export const orders = 1;\n`,
  // Stock lives in the catalogue's rows: inventory's stock queries read catalog's tables alone.
  'server/src/modules/inventory/stock.repository.ts': `import { products } from '../catalog/catalog.table';\nimport { reviewsTable } from '../reviews/reviews.table';\nexport const stock = products + reviewsTable;\n`,
  'server/src/modules/returns/returns-report.ts': `import { orders } from '../orders/orders.table';\nexport const report = orders;\n`,
  'server/src/modules/auth/auth.table.ts': `export const users = 1;\n`,
  'server/src/modules/customers/customers.repository.ts': `import { users } from '../auth/auth.table';\nexport const list = users;\n`,
  // db/schema.ts gathers every module's tables: a module never imports it (the privacy erasure did
  // until issue 24's end, out of modules-through-entry's sight); start-up code outside modules may.
  'server/src/db/schema.ts': `export * from '../modules/auth/auth.table';\nexport * from '../modules/orders/orders.table';\n`,
  'server/src/modules/privacy/privacy.repository.ts': `import { orders, users } from '../../db/schema';\nexport const erase = orders + users;\n`,
  'server/src/bootstrap.ts': `import { users } from './db/schema';\nexport const admin = users;\n`,
  // lib/ and db/ import no plugin, no page shell and no module (nor db/schema.ts, which takes in every table).
  'server/src/plugins/sessions.ts': `export const guard = 1;\n`,
  'server/src/lib/crud-routes.ts': `import { guard } from '../plugins/sessions';\nexport const crud = guard;\n`,
  'server/src/page-shell/web-shell.ts': `export const shell = 1;\n`,
  'server/src/lib/cached-json.ts': `import { shell } from '../page-shell/web-shell';\nexport const kept = shell;\n`,
  'server/src/lib/image-urls.ts': `import { listing } from '../modules/storefront';\nexport const url = listing;\n`,
  'server/src/db/client.ts': `import { users } from './schema';\nimport { crud } from '../lib/crud-routes';\nexport const db = users + crud;\n`,
  'web/src/features/auth/api/login.ts': `export const login = 1;\n`,
  'web/src/features/wishlist/api/wishlist.ts': `export const wishlist = 1;\n`,
  'web/src/features/cart/api/cart.ts': `export const cartApi = 1;\n`,
  'web/src/features/cart/components/cart-line.tsx': [
    `import { wishlist } from '@/features/wishlist/api/wishlist';`,
    `import { login } from '@/features/auth/api/login';`,
    `import { cartApi } from '../api/cart';`,
    `export const line = wishlist + login + cartApi;`,
    '',
  ].join('\n'),
  'web/src/lib/a.ts': `import { b } from './b';\nexport const a = () => b();\n`,
  'web/src/lib/b.ts': `import { a } from './a';\nexport const b = () => a();\n`,
};

describe('the boundary check (.dependency-cruiser.mjs)', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'boundaries-'));
    for (const [file, text] of Object.entries(fixtures)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), text);
    }
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reports each broken rule, and nothing else', async () => {
    expect(await cruise(dir, ['web', 'server', 'contract'])).toEqual([
      'contract-through-alias: server/src/modules/orders/orders.service.ts -> contract/limits.ts',
      'features-not-to-features: web/src/features/cart/components/cart-line.tsx -> web/src/features/auth/api/login.ts',
      'features-not-to-features: web/src/features/cart/components/cart-line.tsx -> web/src/features/wishlist/api/wishlist.ts',
      'ground-floor-not-up: server/src/db/client.ts -> server/src/db/schema.ts',
      'ground-floor-not-up: server/src/lib/cached-json.ts -> server/src/page-shell/web-shell.ts',
      'ground-floor-not-up: server/src/lib/crud-routes.ts -> server/src/plugins/sessions.ts',
      'ground-floor-not-up: server/src/lib/image-urls.ts -> server/src/modules/storefront/index.ts',
      'modules-not-to-schema: server/src/modules/privacy/privacy.repository.ts -> server/src/db/schema.ts',
      'modules-through-entry: server/src/modules/customers/customers.repository.ts -> server/src/modules/auth/auth.table.ts',
      'modules-through-entry: server/src/modules/inventory/stock.repository.ts -> server/src/modules/reviews/reviews.table.ts',
      'modules-through-entry: server/src/modules/returns/returns-report.ts -> server/src/modules/orders/orders.table.ts',
      'modules-through-entry: server/src/modules/reviews/reviews.service.ts -> server/src/modules/cart/cart.service.ts',
      'modules-through-entry: server/src/modules/reviews/reviews.service.ts -> server/src/modules/orders/orders.service.ts',
      'modules-through-entry: server/src/modules/reviews/reviews.service.ts -> server/src/modules/storefront/listing.service.ts',
      'modules-through-entry: server/src/services.ts -> server/src/modules/cart/cart.service.ts',
      // A cycle is reported once, at the edge where the cruise closed it.
      'web-no-cycles: web/src/lib/a.ts -> web/src/lib/b.ts',
      'web-not-to-server: web/src/routes/page.tsx -> server/src/modules/orders/orders.service.ts',
    ]);
  });

  it('passes on the real tree, over the folders `npm run check` names', async () => {
    const pkg = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {
      scripts: { check: string };
    };
    const command = pkg.scripts.check
      .split('&&')
      .map((part) => part.trim().split(/\s+/))
      .find((words) => words[0] === 'depcruise');
    // `depcruise --config <file> <folders...>`
    const folders = command?.slice(command.indexOf('--config') + 2) ?? [];
    expect(folders).toContain('web/src');
    expect(await cruise(root, folders)).toEqual([]);
  });
});
