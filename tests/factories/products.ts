import { randomBytes } from 'node:crypto';
import {
  type Brand,
  type Care,
  type Category,
  type CompositionPart,
  mainFibre,
  type Product,
} from '@contract/catalog';
import { toCents } from '@contract/money';
import { eq } from 'drizzle-orm';
import { products, productVariants } from '../../server/src/db/schema';
import { withAbsoluteImageUrls } from '../../server/src/lib/image-urls';
import { findProductRow, toProducts } from '../../server/src/modules/catalog/catalog.repository';
import { replacePriceHistory } from '../../server/src/modules/catalog/price-history.repository';
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
  /** The product's own SKU (stored upper-cased, as a CSV import writes it). */
  sku: string;
  /** Sizes/colours with their stock; the product's stock becomes their sum. */
  variants: { size?: string; color?: string; totalStock: number; sku?: string }[];
  /** Issue 28: fibres by part (the main fibre follows), care symbols, a size chart's id. */
  composition: CompositionPart[];
  care: Care | null;
  sizeChartId: string | null;
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
      sku: overrides.sku?.toUpperCase() ?? null,
      composition: overrides.composition ?? [],
      mainFibre: mainFibre(overrides.composition ?? []),
      care: overrides.care ?? null,
      sizeChartId: overrides.sizeChartId ?? null,
    })
    .returning();
  const variants = overrides.variants ?? [];
  // As the API answers it: image URLs absolute (lib/image-urls.ts).
  const answer = (product: Product) => withAbsoluteImageUrls(product, t.app.config.publicUrl);
  if (variants.length === 0) return answer((await toProducts(t.db, [row!]))[0]!);
  await t.db.insert(productVariants).values(
    variants.map((v, position) => ({
      productId: row!.id,
      size: v.size ?? '',
      color: v.color ?? '',
      sku: v.sku ?? `T${counter}-${randomBytes(4).toString('hex')}-${position}`.toUpperCase(),
      totalStock: v.totalStock,
      position,
    })),
  );
  const total = variants.reduce((sum, v) => sum + v.totalStock, 0);
  await t.db.update(products).set({ totalStock: total }).where(eq(products.id, row!.id));
  return answer((await toProducts(t.db, [(await findProductRow(t.db, row!.id))!]))[0]!);
}

/** The variant of `product` with this size and colour. */
export function variantOf(product: Product, size: string, color = '') {
  const variant = product.variants.find((v) => v.size === size && v.color === color);
  if (!variant) throw new Error(`no variant ${size}/${color}`);
  return variant;
}

/**
 * Puts a product on sale as a lawful reduction (docs/pricing.md, "Honest sale prices"): its
 * price history holds the full price for the 30 days before, then the sale from now on.
 */
export async function putOnSale(t: TestApp, product: Product, salePrice: number) {
  const priceCents = toCents(product.price);
  const salePriceCents = toCents(salePrice);
  await t.db.update(products).set({ salePriceCents }).where(eq(products.id, product._id));
  const before = new Date(Date.now() - 31 * 24 * 60 * 60 * 1000);
  await replacePriceHistory(
    t.db,
    new Map([
      [
        product._id,
        [
          { priceCents, salePriceCents: 0, validFrom: before },
          { priceCents, salePriceCents, validFrom: new Date() },
        ],
      ],
    ]),
  );
  const row = await findProductRow(t.db, product._id);
  return withAbsoluteImageUrls((await toProducts(t.db, [row!]))[0]!, t.app.config.publicUrl);
}
