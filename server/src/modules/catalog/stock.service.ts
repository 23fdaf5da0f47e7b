import { idSchema } from '../../../../contract/common';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import * as repo from './stock.repository';

export type { SaleProduct } from './stock.repository';
export type StockLine = { productId: string; quantity: number };
type Listener = (productIds: string[]) => void;

/**
 * Stock and the sale view of products (title, image, prices, stock) for the cart and checkout.
 * Reservations take a transaction so they commit or roll back with the order that made them.
 */
export class StockService {
  private readonly listeners = new Set<Listener>();

  constructor(private readonly db: Db) {}

  /** Called after stock changes are committed, e.g. to invalidate a catalogue cache. */
  onChange(listener: Listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tell listeners; call only after the transaction that changed the stock has committed. */
  changed(productIds: string[]) {
    if (productIds.length === 0) return;
    for (const listener of this.listeners) listener(productIds);
  }

  /** Products by id (malformed or unknown ids are simply absent). */
  async saleProducts(ids: string[], db: Executor = this.db) {
    const valid = [...new Set(ids)].filter((id) => idSchema.safeParse(id).success);
    const rows = await repo.findSaleProducts(db, valid);
    return new Map(rows.map((row) => [row.id, row]));
  }

  async saleProduct(id: string, db: Executor = this.db) {
    return (await this.saleProducts([id], db)).get(id);
  }

  /**
   * Reserves every line or none: each is an atomic conditional decrement, so no concurrency
   * can oversell. Lines go in id order so two checkouts never wait on each other's rows.
   */
  async reserve(tx: Executor, lines: StockLine[]) {
    const reserved: repo.SaleProduct[] = [];
    for (const line of [...lines].sort((a, b) => a.productId.localeCompare(b.productId))) {
      const row = await repo.decrementStock(tx, line.productId, line.quantity);
      if (!row) throw await this.outOfStock(tx, line.productId);
      reserved.push(row);
    }
    return reserved;
  }

  async release(tx: Executor, lines: StockLine[]) {
    for (const line of [...lines].sort((a, b) => a.productId.localeCompare(b.productId))) {
      await repo.incrementStock(tx, line.productId, line.quantity);
    }
  }

  async lowStock(threshold: number, limit: number) {
    return repo.findLowStock(this.db, threshold, limit);
  }

  private async outOfStock(tx: Executor, productId: string) {
    const product = await this.saleProduct(productId, tx);
    if (!product) return new AppError('NOT_FOUND', 'A product in your cart is no longer sold');
    const left = product.totalStock;
    return new AppError(
      'OUT_OF_STOCK',
      left === 0
        ? `${product.title} is out of stock. Please remove it from your cart to proceed`
        : `Only ${left} of ${product.title} left in stock. Please update your cart to proceed`,
    );
  }
}
