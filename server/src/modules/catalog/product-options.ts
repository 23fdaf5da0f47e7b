import type { ProductData } from '@contract/catalog';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import * as repo from './variants.repository';

type Options = Pick<ProductData, 'variants' | 'colorImages'>;

/** A readable SKU: the product's id prefix and the options, e.g. `3F2A91C0-M-BLACK`. */
export function generatedSku(productId: string, size: string, color: string) {
  const part = (s: string) =>
    s
      .toUpperCase()
      .replace(/[^A-Z0-9.]+/g, '-')
      .replace(/^-+|-+$/g, '');
  return [productId.slice(0, 8).toUpperCase(), part(size), part(color)].filter(Boolean).join('-');
}

const skuTaken = (sku: string) =>
  new AppError('CONFLICT', `SKU ${sku} is already used by another product`);

/**
 * Writes the product's variants and colour pictures as the admin sent them (absent keys leave
 * them alone), then makes the product's stock the sum of its variants'. Runs inside the
 * transaction that wrote the product.
 */
export async function writeOptions(tx: Executor, productId: string, input: Options) {
  const current = await repo.findVariantsOf(tx, productId);
  if (input.variants) {
    const known = new Map(current.map((v) => [v.id, v]));
    const next = input.variants.map((v, position) => {
      const kept = v._id ? known.get(v._id) : undefined;
      if (v._id && !kept) {
        throw new AppError(
          'INVALID_INPUT',
          `variants[${position}]._id is not a variant of this product`,
        );
      }
      const sku = v.sku || kept?.sku || generatedSku(productId, v.size, v.color);
      return {
        id: kept?.id,
        size: v.size,
        color: v.color,
        sku,
        totalStock: v.totalStock,
        position,
      };
    });
    const [taken] = await repo.skusTakenElsewhere(
      tx,
      productId,
      next.map((v) => v.sku),
    );
    if (taken) throw skuTaken(taken);
    try {
      await repo.replaceVariants(tx, productId, next);
    } catch (error) {
      // Two admins saving the same SKU at once: the unique index decides.
      if (isUniqueViolation(error)) {
        throw new AppError(
          'CONFLICT',
          'A SKU or a size/colour pair is already used; reload and try again',
        );
      }
      throw error;
    }
  }
  if (input.colorImages) {
    const colors = new Set((input.variants ?? current).map((v) => v.color).filter(Boolean));
    const unknown = input.colorImages.find((i) => !colors.has(i.color));
    if (unknown) {
      throw new AppError(
        'INVALID_INPUT',
        `colorImages: "${unknown.color}" is not a colour of this product`,
      );
    }
    const seen = new Set<string>();
    for (const i of input.colorImages) {
      if (seen.has(i.color)) {
        throw new AppError('INVALID_INPUT', `colorImages: "${i.color}" is given twice`);
      }
      seen.add(i.color);
    }
    await repo.replaceColorImages(tx, productId, input.colorImages);
  }
  await repo.syncProductStock(tx, [productId]);
}
