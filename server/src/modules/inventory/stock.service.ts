import { isId } from '@contract/common';
import { variantLabel } from '@contract/variant-constants';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { ChangeListeners } from '../../lib/change-listeners';
import * as repo from './stock.repository';

export type { SaleProduct, SaleVariant } from './stock.repository';
/** A quantity of a product, of one of its variants when it has them. */
export type StockLine = { productId: string; variantId?: string | null; quantity: number };
/** A reserved line: the product as sold, the variant's options, the quantity. */
export type ReservedLine = repo.SaleProduct & {
  variantId: string | null;
  size: string;
  color: string;
  quantity: number;
};

const sortedIds = (ids: (string | null | undefined)[]) =>
  [...new Set(ids.filter((id): id is string => !!id && isId(id)))].sort();

/**
 * Stock and the sale view of products (title, image, prices, stock) for the cart and checkout.
 * A product with variants keeps stock per variant; its own total is their sum. Reservations
 * take a transaction so they commit or roll back with the order that made them.
 */
export class StockService {
  private readonly changes = new ChangeListeners<string[]>();

  constructor(private readonly db: Db) {}

  /** Called after stock changes are committed, e.g. to invalidate a catalogue cache. */
  onChange(listener: (productIds: string[]) => void) {
    return this.changes.on(listener);
  }

  /** Tell listeners; call only after the transaction that changed the stock has committed. */
  changed(productIds: string[]) {
    if (productIds.length === 0) return;
    this.changes.emit(productIds);
  }

  /** Products by id (malformed or unknown ids are simply absent). */
  async saleProducts(ids: string[], db: Executor = this.db) {
    const rows = await repo.findSaleProducts(db, [...new Set(ids)].filter(isId));
    return new Map(rows.map((row) => [row.id, row]));
  }

  async saleProduct(id: string, db: Executor = this.db) {
    return (await this.saleProducts([id], db)).get(id);
  }

  /** Variants by id, with their colour's picture (malformed or unknown ids are absent). */
  async saleVariants(ids: string[], db: Executor = this.db) {
    const rows = await repo.findSaleVariants(db, [...new Set(ids)].filter(isId));
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** The product's variants in the admin's order (empty when it is sold without options). */
  async variantsOf(productId: string, db: Executor = this.db) {
    return isId(productId) ? repo.findVariantsOfProduct(db, productId) : [];
  }

  /**
   * Locks the stock rows of these lines in the global order (products by id, then variants by
   * id) before any of them is written, so two transactions never hold each other's rows: a
   * transaction that releases one order's stock and reserves another's locks both sets here
   * first, in one call.
   */
  async lock(tx: Executor, lines: StockLine[]) {
    await repo.lockStockRows(
      tx,
      sortedIds(lines.map((l) => l.productId)),
      sortedIds(lines.map((l) => l.variantId)),
    );
  }

  /**
   * Reserves every line or none: each is an atomic conditional decrement (of the variant, then
   * its product's total), so no concurrency can oversell. The rows are locked first, in the
   * global order, so checkouts of overlapping carts queue instead of deadlocking.
   */
  async reserve(tx: Executor, lines: StockLine[]): Promise<ReservedLine[]> {
    await this.lock(tx, lines);
    const reserved: ReservedLine[] = [];
    for (const line of lines) {
      const { productId, variantId, quantity } = line;
      if (variantId) {
        const row = await repo.decrementVariantStock(tx, productId, variantId, quantity);
        if (!row) throw await this.outOfStock(tx, line);
        const { size, color } = row.variant;
        reserved.push({ ...row.product, variantId, size, color, quantity });
      } else {
        const row = await repo.decrementStock(tx, productId, quantity);
        if (!row) throw await this.outOfStock(tx, line);
        reserved.push({ ...row, variantId: null, size: '', color: '', quantity });
      }
    }
    return reserved;
  }

  /**
   * Puts these lines back in stock; answers the products they name, for `changed` once the
   * caller's transaction has committed (listeners must not see stock that may roll back).
   */
  async release(tx: Executor, lines: StockLine[]): Promise<string[]> {
    await this.lock(tx, lines);
    for (const line of lines) {
      if (line.variantId) await repo.incrementVariantStock(tx, line.variantId, line.quantity);
      else await repo.incrementStock(tx, line.productId, line.quantity);
    }
    return [...new Set(lines.map((l) => l.productId))];
  }

  /** Products without variants and variants whose stock is below the threshold, lowest first. */
  async lowStock(threshold: number, limit: number) {
    const [plain, variants] = await Promise.all([
      repo.findLowStock(this.db, threshold, limit),
      repo.findLowStockVariants(this.db, threshold, limit),
    ]);
    const rows = [
      ...plain.map((p) => ({ ...p, variantId: null, size: '', color: '' })),
      ...variants,
    ];
    return rows
      .sort((a, b) => a.totalStock - b.totalStock || a.title.localeCompare(b.title))
      .slice(0, limit);
  }

  private async outOfStock(tx: Executor, line: StockLine) {
    const product = await this.saleProduct(line.productId, tx);
    const variant =
      line.variantId && (await this.saleVariants([line.variantId], tx)).get(line.variantId);
    if (!product || (line.variantId && !variant)) {
      return new AppError('NOT_FOUND', 'A product in your cart is no longer sold');
    }
    if (!line.variantId && (await this.variantsOf(line.productId, tx)).length > 0) {
      // Added before the product came in sizes: the shopper chooses one (cart.service.ts).
      return nowComesInSizes(product.title);
    }
    const options = variant ? variantLabel(variant) : '';
    const name = options ? `${product.title} (${options})` : product.title;
    const left = variant ? variant.totalStock : product.totalStock;
    return new AppError(
      'OUT_OF_STOCK',
      left === 0
        ? `${name} is out of stock. Please remove it from your cart to proceed`
        : `Only ${left} of ${name} left in stock. Please update your cart to proceed`,
    );
  }
}

/** A cart line added before its product came in sizes: the shopper must choose one. */
export function nowComesInSizes(title: string) {
  return new AppError(
    'CONFLICT',
    `${title} now comes in sizes. Please remove it from your cart and add the size you want`,
  );
}
