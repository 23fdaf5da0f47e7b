// npx tsx bench/answers.ts <out-file>  (DATABASE_URL of a database seeded with `seed --products N`)
// Writes the answers of a fixed list of public reads (listings, searches with and without typos,
// products, reviews, the sitemap, the OpenAPI document, refusals), one per line with its status,
// so two versions of the code run on the same database can be compared byte for byte (`cmp`):
// a move of code that changes no answer writes the same file.
import { writeFileSync } from 'node:fs';
import { sortKeys } from '@contract/catalog-constants';
import { sql } from 'drizzle-orm';
import { inProcessApp } from './in-process';

const out = process.argv[2];
if (!out) throw new Error('usage: bench/answers.ts <out-file>');

const { database, app } = await inProcessApp('answers', {
  PUBLIC_STOREFRONT: 'true',
  PRERENDER_PAGES: 'false',
});
const found = await database.db.execute(sql`select id from products order by id limit 300`);
const ids = (found as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);

const urls: string[] = [];
for (const sort of sortKeys) {
  for (const page of [1, 2, 3]) urls.push(`/api/shop/products/get?sortBy=${sort}&page=${page}`);
}
for (const category of ['men', 'women', 'kids']) {
  urls.push(`/api/shop/products/get?category=${category}&sortBy=newest`);
}
for (const word of ['shirt', 'blue', 'cotton', 'shrit', 'jakcet', 'dress', 'zzzz']) {
  urls.push(`/api/shop/search/${word}`, `/api/shop/search/suggest?q=${word}`);
}
for (const id of ids) urls.push(`/api/shop/products/get/${id}`);
for (const id of ids.slice(0, 50)) urls.push(`/api/shop/review/${id}`);
urls.push(
  '/sitemap.xml',
  '/robots.txt',
  '/api/shop/feature/get',
  '/api/docs/json',
  '/api/auth/check-auth',
  '/api/shop/products/get/not-an-id',
  `/api/shop/search/${'x'.repeat(300)}`,
  '/api/shop/products/get?sortBy=bogus',
);

const lines: string[] = [];
for (const url of urls) {
  const res = await app.inject({ method: 'GET', url });
  lines.push(`${url} ${res.statusCode} ${res.headers['content-type'] ?? ''} ${res.body}`);
}
writeFileSync(out, lines.join('\n'));
console.log(`${urls.length} answers written to ${out}`);
await app.close();
await database.close();
