import type { Product } from '../../../../contract/catalog';
import { idSchema } from '../../../../contract/common';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import * as repo from './catalog.repository';

export class CatalogService {
  constructor(private readonly db: Db) {}

  /** A product by id; an unknown or malformed id is a 404, never a 500. */
  async getProduct(id: string): Promise<Product> {
    if (!idSchema.safeParse(id).success) throw notFound('Product');
    const row = await repo.findProductRow(this.db, id);
    if (!row) throw notFound('Product');
    return repo.toProduct(row);
  }
}
