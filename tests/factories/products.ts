import { randomBytes } from 'node:crypto';
import type { Brand, Category, Product } from '../../contract/catalog';
import { toCents } from '../../contract/money';
import { products } from '../../server/src/db/schema';
import { withAbsoluteImageUrls } from '../../server/src/lib/image-urls';
import { toProduct } from '../../server/src/modules/catalog/catalog.repository';
import type { TestApp } from '../helpers/test-app';

export type ProductOverrides = Partial<{
  title: string;
  description: string;
  category: Category;
  brand: Brand;
  price: number;
  salePrice: number;
  totalStock: number;
  image: string;
  averageReview: number;
}>;

let counter = 0;

/** Inserts a product straight into the test's database; returned as the API would show it. */
export async function makeProduct(t: TestApp, overrides: ProductOverrides = {}): Promise<Product> {
  counter += 1;
  const price = overrides.price ?? 20 + counter;
  const [row] = await t.db
    .insert(products)
    .values({
      title: overrides.title ?? `Test product ${counter} ${randomBytes(3).toString('hex')}`,
      description: overrides.description ?? 'A product made by a test factory.',
      category: overrides.category ?? 'men',
      brand: overrides.brand ?? 'nike',
      priceCents: toCents(price),
      salePriceCents: toCents(overrides.salePrice ?? 0),
      totalStock: overrides.totalStock ?? 50,
      image: overrides.image ?? '/uploads/test.webp',
      averageReview: overrides.averageReview ?? 0,
    })
    .returning();
  // As the API answers it: image URLs absolute (lib/image-urls.ts).
  return withAbsoluteImageUrls(toProduct(row!), t.app.config.publicUrl);
}
