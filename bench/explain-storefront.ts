// EXPLAIN ANALYZE of the storefront's listing and search queries on 100,000 generated products.
//   npx tsx bench/explain-storefront.ts                  (PGlite, in memory)
//   DATABASE_URL=postgres://... npx tsx bench/explain-storefront.ts   (a scratch PostgreSQL database: it is filled)

import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ListingQuery } from '@contract/listing';
import { openPglite, openPostgres } from '../server/src/db/client';
import {
  createProductJsonCache,
  ListingIndex,
  ListingService,
  SearchService,
  SearchVocabulary,
} from '../server/src/modules/storefront';

const url = process.env.DATABASE_URL;
const database = url ? openPostgres({ url, max: 2 }) : await openPglite();
await database.migrate();
const run = async (text: string) =>
  (await database.db.execute(text as never)) as unknown as { rows: Record<string, unknown>[] };
const q = (text: string) => run(text).then((r) => (Array.isArray(r) ? r : r.rows));

await q('truncate products cascade');
await q(`insert into products (image, title, description, category, brand, price_cents, sale_price_cents, total_stock)
  select '/uploads/x.webp',
    (array['Classic','Slim','Relaxed','Vintage','Urban','Summer','Winter','Sport'])[1 + i % 8] || ' ' ||
    (array['Tee','Hoodie','Jacket','Jeans','Dress','Sneaker','Cap','Scarf','Shirt','Backpack'])[1 + (i / 8) % 10] || ' ' || i,
    'Generated product number ' || i || ' for the listing benchmark.',
    (array['men','women','kids','accessories','footwear'])[1 + i % 5],
    (array['nike','adidas','puma','levi','zara','h&m'])[1 + (i / 5) % 6],
    1000 + (i * 7919) % 20000,
    case when i % 4 = 0 then 500 + ((i * 7919) % 20000) / 2 else 0 end,
    i % 50
  from generate_series(1, 100000) i`);
await q('vacuum analyze products'); // steady state: visibility map set, as autovacuum leaves it

const plans: [string, string][] = [
  [
    'men, price high to low, page 1',
    `select * from products where category = 'men' order by pay_price_cents desc, id desc limit 24`,
  ],
  [
    'men + nike, price low to high, page 1',
    `select * from products where category = 'men' and brand = 'nike' order by pay_price_cents, id limit 24`,
  ],
  [
    'men + nike, title Z to A, page 1',
    `select * from products where category = 'men' and brand = 'nike' order by lower(title) collate "C" desc, id desc limit 24`,
  ],
  [
    'men,women + nike,adidas, price high to low',
    `select * from products where category in ('men','women') and brand in ('nike','adidas') order by pay_price_cents desc, id desc limit 24`,
  ],
  [
    'nike, title A to Z, page 50',
    `select * from products where brand = 'nike' order by lower(title) collate "C", id limit 24 offset 1176`,
  ],
  ['count men + nike', `select count(*) from products where category = 'men' and brand = 'nike'`],
];
for (const [name, text] of plans) {
  const rows = await q(`explain (analyze, costs off) ${text}`);
  console.log(`\n### ${name}\n${rows.map((r) => Object.values(r)[0]).join('\n')}`);
}

const productJson = createProductJsonCache(database.db, 'http://localhost', [
  path.join(tmpdir(), 'shop-product-cache'),
]);
const listing = new ListingService(new ListingIndex(database.db), productJson);
const search = new SearchService(database.db, productJson, new SearchVocabulary(database.db));
const time = async (name: string, work: () => Promise<unknown>) => {
  await work();
  const runs = 20;
  const start = performance.now();
  for (let i = 0; i < runs; i += 1) await work();
  console.log(
    `${name}: ${((performance.now() - start) / runs).toFixed(1)} ms per call (page and count)`,
  );
};
const query = (over: Partial<ListingQuery>): ListingQuery => ({
  sortBy: 'price-lowtohigh',
  page: 1,
  limit: 24,
  ...over,
});
console.log(`\n### Service calls on ${database.kind}`);
await time('listing, no filter, price low to high', () => listing.listJson(query({})));
await time('listing, men + nike, price high to low', () =>
  listing.listJson(query({ category: ['men'], brand: ['nike'], sortBy: 'price-hightolow' })),
);
await time('listing, men,women + nike,adidas, title Z to A', () =>
  listing.listJson(
    query({ category: ['men', 'women'], brand: ['nike', 'adidas'], sortBy: 'title-ztoa' }),
  ),
);
await time('search "vintage hoodie"', () =>
  search.searchJson('vintage hoodie', { page: 1, limit: 24 }),
);
await time('search with a typo "hoodei"', () =>
  search.searchJson('hoodei', { page: 1, limit: 24 }),
);
await time('search for nonsense "qxjzvbnw"', () =>
  search.searchJson('qxjzvbnw', { page: 1, limit: 24 }),
);
await database.close();
