import { idSchema } from '../../../../contract/common';
import { maxStockAlerts } from '../../../../contract/stock-alerts';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { StockService } from '../catalog/stock.service';
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
    return rows.map((r) => ({ productId: r.productId, createdAt: r.createdAt.toISOString() }));
  }

  async add(userId: string, productId: string) {
    const product = idSchema.safeParse(productId).success
      ? await this.stock.saleProduct(productId)
      : undefined;
    if (!product) throw notFound('Product');
    await this.db.transaction(async (tx) => {
      await repo.lockUser(tx, userId);
      // Checked under the lock with the insert: a restock committed before this one is seen.
      const now = await this.stock.saleProduct(productId, tx);
      if (!now) throw notFound('Product');
      if (now.totalStock > 0) {
        throw new AppError('CONFLICT', `${now.title} is in stock: you can order it now`);
      }
      if ((await repo.countByUser(tx, userId)) >= maxStockAlerts) {
        throw new AppError('CONFLICT', `You can wait for up to ${maxStockAlerts} products at once`);
      }
      await repo.insert(tx, userId, productId);
    });
    return this.list(userId);
  }

  async remove(userId: string, productId: string) {
    if (idSchema.safeParse(productId).success) await repo.remove(this.db, userId, productId);
    return this.list(userId);
  }
}
