// npx tsx bench/csv-import.ts [--products 10000] [--variants 3]
// Times the CSV import of a catalogue, in process, on the default database (PGlite in a
// temporary data directory; DATABASE_URL for PostgreSQL): a dry run, the real import (all
// products new), then the same file again (all updates), each through the HTTP route.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { stringify } from 'csv-stringify/sync';
import sharp from 'sharp';
import { productColumns } from '../server/src/modules/csv/product-columns';
import { inProcessApp } from './in-process';

const { values: args } = parseArgs({
  options: {
    products: { type: 'string', default: '10000' },
    variants: { type: 'string', default: '3' },
  },
});
const count = Number(args.products);
const sizes = ['XS', 'S', 'M', 'L', 'XL', 'XXL'].slice(0, Number(args.variants));

const { config, database, app } = await inProcessApp('csv-import');
const { auth, media } = app.services;
const admin = await auth.upsertAdmin({
  email: 'bench-admin@example.com',
  password: 'bench-password-1',
  userName: 'Bench',
});
const { token } = await auth.createSession(admin.user.id);
const png = await sharp({
  create: { width: 32, height: 32, channels: 3, background: '#336699' },
})
  .png()
  .toBuffer();
const image = (await media.uploadImage(png)).url.split('/').pop()!;

const rows: string[][] = [];
for (let i = 0; i < count; i++) {
  const sku = `BENCH-${i}`;
  for (const size of sizes) {
    rows.push([
      sku,
      `Bench product ${i}`,
      'A product of the import benchmark',
      'men',
      'nike',
      (20 + (i % 50)).toFixed(2),
      '',
      image,
      `${sku}-${size}`,
      size,
      'Black',
      '',
      String(i % 7),
    ]);
  }
}
const file = Buffer.from(stringify([[...productColumns], ...rows]));
const boundary = `----bench${randomBytes(8).toString('hex')}`;
const payload = Buffer.concat([
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  ),
  file,
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);

async function run(label: string, dryRun: boolean) {
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: `/api/admin/import/products?dryRun=${dryRun}`,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie: `session=${token}`,
      origin: config.allowedOrigins[0]!,
    },
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const body = res.json();
  console.log(
    `${label}: ${seconds} s (${res.statusCode} created ${body.created} updated ${body.updated})`,
  );
  if (res.statusCode !== 200) console.log(body);
}

console.log(
  `${database.kind}: ${count} products × ${sizes.length} variants, ${rows.length} rows, ${(file.length / 1e6).toFixed(1)} MB`,
);
await run('dry run', true);
await run('import (all new)', false);
await run('import again (all updates)', false);
await app.close();
await database.close();
