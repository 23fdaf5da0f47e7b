import { isId } from '@contract/common';
import { maxStockAlerts } from '@contract/stock-alerts';
import { variantLabel } from '@contract/variant-constants';
import type { Db } from '../../db/client';
import { transact } from '../../db/transaction';
import { AppError, notFound } from '../../lib/app-error';
import type { StockService } from '../inventory';
import * as repo from './stock-alerts.repository';

/**
 * Requests to be emailed when a sold-out product is back. Sending is not here: a trigger on
 * the stock enqueues the email in the transaction that restocks (migration 0011).
 */
export class StockAlertsService {
  constructor(
    private readonly db: Db,
    private readonly stock: StockService,
  ) {}

  async list(userId: string) {
    const rows = await repo.listByUser(this.db, userId);
    return rows.map((r) => ({
      productId: r.productId,
      variantId: r.variantId,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  /** Waits for the product, or with `variantId` for that size/colour of it; both sold out. */
  async add(userId: string, productId: string, variantId?: string) {
    const isValid = (id: string | undefined) => id === undefined || isId(id);
    if (!isValid(productId) || !(await this.stock.saleProduct(productId))) {
      throw notFound('Product');
    }
    if (!isValid(variantId)) throw notFound('Size');
    await transact(this.db, async (tx) => {
      await repo.lockUser(tx, userId);
      // Checked under the lock with the insert: a restock committed before this one is seen.
      const now = await this.stock.saleProduct(productId, tx);
      if (!now) throw notFound('Product');
      const variant = variantId
        ? (await this.stock.saleVariants([variantId], tx)).get(variantId)
        : undefined;
      if (variantId && variant?.productId !== productId) throw notFound('Size');
      if ((variant ?? now).totalStock > 0) {
        const name = variant ? `${now.title} (${variantLabel(variant)})` : now.title;
        throw new AppError('CONFLICT', `${name} is in stock: you can order it now`);
      }
      if ((await repo.countByUser(tx, userId)) >= maxStockAlerts) {
        throw new AppError('CONFLICT', `You can wait for up to ${maxStockAlerts} products at once`);
      }
      await repo.insert(tx, userId, productId, variantId ?? null);
    });
    return this.list(userId);
  }

  async remove(userId: string, productId: string, variantId?: string) {
    const ids = [productId, ...(variantId ? [variantId] : [])];
    if (ids.every((id) => isId(id))) {
      await repo.remove(this.db, userId, productId, variantId ?? null);
    }
    return this.list(userId);
  }
}
