import { type ProductData, productInput, variantInput } from '@contract/catalog';
import type { CsvRowError } from '@contract/csv';
import { CsvError, parse } from 'csv-parse/sync';
import { AppError } from '../../lib/app-error';
import { unguard } from './csv-cells';
import {
  columnOf,
  type ProductColumn,
  productColumns,
  productLevel,
  requiredColumns,
} from './product-columns';

type Row = { line: number; cells: Record<ProductColumn, string> };

/** A product of the file: its fields, and the lines its parts came from (for error reports). */
export type FileProduct = {
  sku: string;
  data: ProductData;
  line: number;
  variantLines: number[];
  colorImageLines: number[];
};

/** Reports stop here: enough to fix a file, bounded for a file where every row is wrong. */
export const MAX_REPORTED = 1000;

// A file cannot carry a picture: it names one the shop has, or the editor uploads one.
const giveAnImage = 'add an image URL column (image) or upload one in the product editor';
const missingImage =
  "is required: add an image URL (or an uploaded image's file name) in the image column, or upload one in the product editor";

const notCsv = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file must be a CSV file (UTF-8 text)');

/** The rows of the file, with the physical line each ends on; structural errors refuse it. */
function readRows(bytes: Buffer): { rows: Row[]; errors: CsvRowError[] } {
  if (bytes.includes(0)) throw notCsv();
  const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  let content: string;
  try {
    content = text.decode(bytes);
  } catch {
    throw notCsv();
  }
  let records: { line: number; record: string[] }[];
  try {
    const lines: number[] = [];
    const parsed = parse(content, {
      skip_empty_lines: true,
      on_record: (record, context) => {
        lines.push(context.lines);
        return record;
      },
    });
    records = parsed.map((record, i) => ({ line: lines[i] ?? 0, record }));
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = (error as CsvError & { lines?: number }).lines ?? 0;
    return { rows: [], errors: [{ line, column: '', message: error.message }] };
  }
  const [header, ...body] = records;
  if (!header) throw new AppError('INVALID_INPUT', 'The file is empty');
  const names = header.record.map((h) => h.trim().toLowerCase());
  const errors: CsvRowError[] = [];
  names.forEach((name) => {
    if (!(productColumns as readonly string[]).includes(name)) {
      errors.push({ line: header.line, column: name, message: 'is not a column of this file' });
    }
  });
  for (const column of requiredColumns) {
    if (!names.includes(column)) {
      const message =
        column === 'image' ? `column is missing: ${giveAnImage}` : 'column is missing';
      errors.push({ line: header.line, column, message });
    }
  }
  if (errors.length) return { rows: [], errors };
  const rows = body.map(({ line, record }) => {
    const cells = Object.fromEntries(productColumns.map((c) => [c, ''])) as Row['cells'];
    names.forEach((name, i) => {
      cells[name as ProductColumn] = unguard(record[i] ?? '').trim();
    });
    return { line, cells };
  });
  return { rows, errors };
}

const productSku = variantInput.shape.sku.unwrap();

/** The product body of one group of rows, as the admin's product form would send it. */
function bodyOf(rows: Row[]) {
  const first = rows[0]!.cells;
  const isSimple = rows.length === 1 && !first.size && !first.colour && !first['variant sku'];
  const colorImages = rows.flatMap((r) =>
    r.cells['colour image'] ? [{ color: r.cells.colour, image: r.cells['colour image'] }] : [],
  );
  return {
    image: first.image,
    title: first.title,
    description: first.description,
    category: first.category,
    brand: first.brand,
    price: first.price,
    salePrice: first['sale price'],
    ...(isSimple
      ? { totalStock: first.stock }
      : {
          variants: rows.map((r) => ({
            size: r.cells.size,
            color: r.cells.colour,
            sku: r.cells['variant sku'] || undefined,
            totalStock: r.cells.stock,
          })),
        }),
    colorImages: colorImages.filter(
      (c, i) => colorImages.findIndex((d) => d.color === c.color) === i,
    ),
  };
}

/** Later rows of a product may leave its own columns empty, or repeat them, never change them. */
function checkSameProduct(rows: Row[], errors: CsvRowError[]) {
  const first = rows[0]!;
  for (const row of rows.slice(1)) {
    for (const column of productLevel) {
      const cell = row.cells[column];
      if (cell && cell !== first.cells[column]) {
        errors.push({ line: row.line, column, message: `differs from line ${first.line}` });
      }
    }
  }
}

/**
 * Reads and validates a products file with the admin form's rules (contract productInput):
 * rows grouped by product SKU, every bad cell reported with its line and column.
 */
export function readProductsFile(bytes: Buffer): {
  products: FileProduct[];
  errors: CsvRowError[];
} {
  const { rows, errors } = readRows(bytes);
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const sku = productSku.safeParse(row.cells['product sku']);
    if (!row.cells['product sku'] || !sku.success) {
      const message = sku.success ? 'is required' : (sku.error.issues[0]?.message ?? 'is invalid');
      errors.push({ line: row.line, column: 'product sku', message });
      continue;
    }
    groups.set(sku.data, [...(groups.get(sku.data) ?? []), row]);
  }
  const variantSkus = new Map<string, { line: number; product: string }>();
  const products: FileProduct[] = [];
  for (const [sku, group] of groups) {
    checkSameProduct(group, errors);
    for (const row of group) {
      const own = row.cells['variant sku'].toUpperCase();
      const seen = own ? variantSkus.get(own) : undefined;
      if (seen && seen.product !== sku) {
        const message = `repeats the SKU of line ${seen.line}`;
        errors.push({ line: row.line, column: 'variant sku', message });
      } else if (own && !seen) variantSkus.set(own, { line: row.line, product: sku });
    }
    const parsed = productInput.safeParse(bodyOf(group));
    const lineOf = (i: unknown) => group[Number(i)]?.line ?? group[0]!.line;
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [head, index] = issue.path;
        const line = head === 'variants' ? lineOf(index) : group[0]!.line;
        const isNoImage = head === 'image' && !group[0]!.cells.image;
        const message = isNoImage ? missingImage : issue.message;
        errors.push({ line, column: columnOf(issue.path), message });
      }
      continue;
    }
    products.push({
      sku,
      data: parsed.data,
      line: group[0]!.line,
      variantLines: group.map((r) => r.line),
      colorImageLines: (parsed.data.colorImages ?? []).map(
        (c) => group.find((r) => r.cells.colour === c.color)?.line ?? group[0]!.line,
      ),
    });
  }
  errors.sort((a, b) => a.line - b.line);
  return { products, errors };
}
