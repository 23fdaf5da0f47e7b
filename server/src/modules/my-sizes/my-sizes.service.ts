import type { Brand, Category } from '@contract/catalog';
import {
  type SavedSize,
  type SavedSizeBody,
  type SizeSuggestion,
  suggestSize,
} from '@contract/size-charts';
import type { Db } from '../../db/client';
import type { CatalogService } from '../catalog';
import type { PurchasesService } from '../orders';
import * as repo from './my-sizes.repository';

const toSavedSize = (row: repo.SavedSizeRow): SavedSize => ({
  brand: row.brand as Brand,
  category: row.category as Category,
  size: row.size,
});

/**
 * "Find my size" (issue 28): the sizes a shopper wears per brand and category, saved by them or
 * learnt from what they bought and kept, and the size that makes on a product of that brand
 * and category once its buyers' fit verdict is taken into account.
 */
export class MySizesService {
  constructor(
    private readonly db: Db,
    private readonly deps: { catalog: CatalogService; purchases: PurchasesService },
  ) {}

  async list(userId: string): Promise<SavedSize[]> {
    return (await repo.listSizes(this.db, userId)).map(toSavedSize);
  }

  async save(userId: string, body: SavedSizeBody): Promise<SavedSize[]> {
    await repo.upsertSize(this.db, { userId, ...body });
    return this.list(userId);
  }

  async remove(userId: string, brand: Brand, category: Category): Promise<SavedSize[]> {
    await repo.deleteSize(this.db, userId, brand, category);
    return this.list(userId);
  }

  /**
   * The size to preselect on a product: the one saved for its brand and category, else the
   * latest one bought and kept there that the product also comes in, moved one up when the
   * product runs small and one down when it runs large. Null when neither fits the product.
   */
  async suggest(userId: string, productId: string): Promise<SizeSuggestion | null> {
    const product = await this.deps.catalog.getProduct(productId);
    if (product.sizes.length === 0) return null;
    const { verdict } = product.fitSummary;
    const { brand, category } = product;
    const saved = await repo.findSize(this.db, userId, brand, category);
    const fromSaved = saved && suggestSize(product.sizes, saved.size, verdict);
    if (fromSaved) return { ...fromSaved, worn: saved.size, source: 'saved', verdict };
    const kept = await this.deps.purchases.keptSizes(userId);
    const kinds = await this.deps.catalog.brandsAndCategories([
      ...new Set(kept.map((k) => k.productId)),
    ]);
    for (const line of kept) {
      const kind = kinds.get(line.productId);
      if (kind?.brand !== brand || kind.category !== category) continue;
      const fromBought = suggestSize(product.sizes, line.size, verdict);
      if (fromBought) return { ...fromBought, worn: line.size, source: 'bought', verdict };
    }
    return null;
  }
}
