import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { TestApp } from '../helpers/test-app';
import { multipart } from './images';
import type { TestUser } from './users';

export const productHeader = [
  'product sku',
  'title',
  'description',
  'category',
  'brand',
  'price',
  'sale price',
  'image',
  'variant sku',
  'size',
  'colour',
  'colour image',
  'stock',
];

/** GET an export as `who`; `rows` are the records after the header, as objects by column. */
export async function exportCsv(t: TestApp, who: TestUser | undefined, url: string) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: who ? { cookie: who.cookie } : {},
  });
  const rows =
    res.statusCode === 200
      ? (parse(res.body, { bom: true, columns: true }) as Record<string, string>[])
      : [];
  return { res, rows };
}

/** Rows (objects by column, or arrays) as a CSV file with the products header. */
export function productsCsv(rows: (Record<string, string | number> | string[])[]) {
  const records = rows.map((r) =>
    Array.isArray(r) ? r : productHeader.map((c) => String(r[c] ?? '')),
  );
  return Buffer.from(stringify([productHeader, ...records]));
}

export async function importCsv(
  t: TestApp,
  who: TestUser | undefined,
  file: Buffer,
  { dryRun = false, filename = 'products.csv', contentType = 'text/csv' } = {},
) {
  const body = multipart(file, { filename, contentType });
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/import/products?dryRun=${dryRun}`,
    payload: body.payload,
    headers: { ...body.headers, ...(who ? { cookie: who.cookie } : {}) },
  });
}
