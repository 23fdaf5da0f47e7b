import { isId } from '@contract/common';
import { fromCents } from '@contract/money';
import { maxSavedItems, type SavedItem } from '@contract/wishlist';
import type { Db } from '../../db/client';
import { transact } from '../../db/transaction';
import { AppError, notFound } from '../../lib/app-error';
import type { StockService } from '../inventory';
import * as repo from './wishlist.repository';

/** A shopper's saved items ("wishlist"), at most 200, with each product as it is now. */
export class WishlistService {
  constructor(
    private readonly db: Db,
    private readonly stock: StockService,
  ) {}

  async list(userId: string): Promise<SavedItem[]> {
    const rows = await repo.listByUser(this.db, userId);
    const products = await this.stock.saleProducts(rows.map((r) => r.productId));
    return rows.flatMap((row) => {
      const p = products.get(row.productId);
      if (!p) return [];
      return [
        {
          productId: p.id,
          title: p.title,
          image: p.image,
          price: fromCents(p.priceCents),
          salePrice: fromCents(p.salePriceCents),
          totalStock: p.totalStock,
          savedAt: row.createdAt.toISOString(),
        },
      ];
    });
  }

  async add(userId: string, productId: string) {
    if (!isId(productId) || !(await this.stock.saleProduct(productId))) {
      throw notFound('Product');
    }
    await transact(this.db, async (tx) => {
      await repo.lockUser(tx, userId);
      if (await repo.exists(tx, userId, productId)) return;
      if ((await repo.countByUser(tx, userId)) >= maxSavedItems) {
        throw new AppError(
          'CONFLICT',
          `You can save up to ${maxSavedItems} items; remove some to save more`,
        );
      }
      await repo.insert(tx, userId, productId);
    });
    return this.list(userId);
  }

  async remove(userId: string, productId: string) {
    if (isId(productId)) await repo.remove(this.db, userId, productId);
    return this.list(userId);
  }
}
