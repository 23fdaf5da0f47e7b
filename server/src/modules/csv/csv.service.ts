import type { CsvRowError, ImportReport, OrdersExportQuery } from '@contract/csv';
import type { Db } from '../../db/client';
import type { AccountsService } from '../auth';
import type { CatalogService } from '../catalog';
import type { MediaService } from '../media';
import { IMAGE_NAME, UPLOADS_PATH } from '../media';
import type { OrdersService } from '../orders';
import { dateCell, moneyCell, safeCell } from './csv-cells';
import { pageOfCustomers, pageOfOrders } from './export-pages';
import { productColumns } from './product-columns';
import { type FileProduct, MAX_REPORTED, readProductsFile } from './products-import';

/** Rows read per query: the export's memory is one page, whatever the table's size. */
const PAGE = 500;

type Deps = {
  db: Db;
  catalog: CatalogService;
  media: MediaService;
  orders: OrdersService;
  accounts: AccountsService;
  publicUrl: string;
};
type Record = string[];

export const orderColumns = [
  'order number',
  'date',
  'status',
  'payment status',
  'customer email',
  'customer name',
  'ship-to region',
  'ship-to country',
  'shipping method',
  'line title',
  'size',
  'colour',
  'quantity',
  'unit price',
  'line discount',
  'line tax',
  'order subtotal',
  'order discount',
  'order shipping',
  'order tax',
  'order total',
  'order refunded',
];

export const customerColumns = ['email', 'name', 'registered', 'orders', 'total spent'];

export type ImportOutcome =
  | ImportReport
  | { success: false; dryRun: boolean; errors: CsvRowError[] };

/** CSV export (streamed, page by page) and import of products (issue 27). */
export class CsvService {
  constructor(private readonly deps: Deps) {}

  /** Text cells guarded against formulas; the shop's own images as absolute URLs. */
  async *products(): AsyncGenerator<Record> {
    yield [...productColumns];
    let after: string | null = null;
    for (;;) {
      const page = await this.deps.catalog.exportPage(after, PAGE);
      for (const { row, variants, images } of page) {
        const product = [
          safeCell(row.sku ?? row.id.toUpperCase()),
          safeCell(row.title),
          safeCell(row.description),
          row.category,
          row.brand,
          moneyCell(row.priceCents),
          row.salePriceCents > 0 ? moneyCell(row.salePriceCents) : '',
          safeCell(this.absolute(row.image)),
        ];
        if (variants.length === 0) {
          yield [...product, '', '', '', '', String(row.totalStock)];
        }
        const shown = new Set<string>();
        for (const v of variants) {
          // A colour's picture once, on the first row of that colour.
          const picture = images.find((i) => i.color === v.color && !shown.has(i.color));
          if (picture) shown.add(picture.color);
          const image = picture ? this.absolute(picture.image) : '';
          const cells = [v.sku, v.size, v.color, image].map(safeCell);
          yield [...product, ...cells, String(v.totalStock)];
        }
      }
      if (page.length < PAGE) return;
      after = page[page.length - 1]!.row.id;
    }
  }

  /** One row per order line, orders by number. */
  async *orders(query: OrdersExportQuery): AsyncGenerator<Record> {
    yield orderColumns;
    let after: number | null = null;
    for (;;) {
      const page = await pageOfOrders(this.deps, query, after, PAGE);
      for (const { order, lines } of page) {
        const head = [
          String(order.orderNumber),
          dateCell(order.orderDate),
          order.orderStatus,
          order.paymentStatus,
          ...[order.email, order.name, order.region, order.country].map(safeCell),
          safeCell(order.shippingMethod?.name ?? ''),
        ];
        const totals = [
          order.subtotalCents,
          order.discountCents,
          order.shippingCents,
          order.taxCents,
          order.totalCents,
          order.refundedCents,
        ].map(moneyCell);
        for (const line of lines) {
          yield [
            ...head,
            ...[line.title, line.size, line.color].map(safeCell),
            String(line.quantity),
            moneyCell(line.unitPriceCents),
            moneyCell(line.discountCents),
            moneyCell(line.taxCents),
            ...totals,
          ];
        }
      }
      if (page.length < PAGE) return;
      after = page[page.length - 1]!.order.orderNumber;
    }
  }

  async *customers(): AsyncGenerator<Record> {
    yield customerColumns;
    let after: string | null = null;
    for (;;) {
      const page = await pageOfCustomers(this.deps, after, PAGE);
      for (const c of page) {
        yield [
          safeCell(c.email),
          safeCell(c.userName),
          dateCell(c.createdAt),
          String(c.orderCount),
          moneyCell(c.spentCents),
        ];
      }
      if (page.length < PAGE) return;
      after = page[page.length - 1]!.id;
    }
  }

  /**
   * Checks a products file and, unless a dry run, imports it in one transaction; a file with
   * any bad row writes nothing and reports every one (up to MAX_REPORTED).
   */
  async importProducts(bytes: Buffer, dryRun: boolean): Promise<ImportOutcome> {
    const { products, errors } = readProductsFile(bytes);
    errors.push(...(await this.resolveImages(products)));
    if (errors.length) {
      errors.sort((a, b) => a.line - b.line);
      return { success: false, dryRun, errors: errors.slice(0, MAX_REPORTED) };
    }
    const result = await this.deps.catalog.importBySku(products, { dryRun });
    if (result.conflicts.length) {
      const conflicts = result.conflicts.map((c) => {
        const product = products[c.product]!;
        const line = c.variant === undefined ? product.line : product.variantLines[c.variant]!;
        return { line, column: 'variant sku', message: c.message };
      });
      return { success: false, dryRun, errors: conflicts.slice(0, MAX_REPORTED) };
    }
    return { success: true, dryRun, created: result.created, updated: result.updated, errors: [] };
  }

  /** Images become their stored form; one not uploaded to this shop is the row's error. */
  private async resolveImages(products: FileProduct[]): Promise<CsvRowError[]> {
    const known = new Map<string, string | undefined>();
    const resolve = async (cell: string) => {
      if (!known.has(cell)) {
        const stored = this.stored(cell);
        known.set(cell, (await this.deps.media.isOwnImage(stored)) ? stored : undefined);
      }
      return known.get(cell);
    };
    const errors: CsvRowError[] = [];
    const message = 'must be an image uploaded to this shop (its URL or its file name)';
    for (const p of products) {
      const image = await resolve(p.data.image);
      if (image) p.data.image = image;
      else errors.push({ line: p.line, column: 'image', message });
      for (const [i, c] of (p.data.colorImages ?? []).entries()) {
        const picture = await resolve(c.image);
        if (picture) c.image = picture;
        else errors.push({ line: p.colorImageLines[i]!, column: 'colour image', message });
      }
    }
    return errors;
  }

  private absolute(image: string) {
    return image.startsWith(UPLOADS_PATH) ? `${this.deps.publicUrl}${image}` : image;
  }

  /** A file name, the shop's absolute URL or its stored form, as the catalogue stores it. */
  private stored(cell: string) {
    if (IMAGE_NAME.test(cell)) return this.deps.media.storage.urlFor(cell);
    const own = `${this.deps.publicUrl}${UPLOADS_PATH}`;
    return cell.startsWith(own) ? cell.slice(this.deps.publicUrl.length) : cell;
  }
}
