import { z } from 'zod';
import { text } from './common';
import {
  careSchema,
  compositionInput,
  compositionSchema,
  fitSummarySchema,
  sizeChartSchema,
} from './size-charts';

export * from './catalog-constants';
export * from './garment-constants';
export * from './variant-constants';

import { brands, categories } from './catalog-constants';

export const variantSchema = z.object({
  _id: z.string(),
  size: z.string(),
  color: z.string(),
  sku: z.string(),
  totalStock: z.number().int(),
});
export type Variant = z.infer<typeof variantSchema>;

export const colorImageSchema = z.object({ color: z.string(), image: z.string() });
export type ColorImage = z.infer<typeof colorImageSchema>;

/** A product as the API returns it: money as decimals, id as _id. */
export const productSchema = z.object({
  _id: z.string(),
  image: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.enum(categories),
  brand: z.enum(brands),
  price: z.number(),
  salePrice: z.number(),
  /**
   * EU Omnibus: on sale, the lowest price paid in the 30 days before the reduction began
   * (docs/pricing.md); null when not on sale. Variants share their product's price.
   */
  lowestPrice30Days: z.number().nullable(),
  /** The sum of the variants' stock when there are variants. */
  totalStock: z.number().int(),
  averageReview: z.number(),
  /** Empty for a product sold without sizes or colours. */
  variants: z.array(variantSchema),
  /** Distinct sizes in display order (XS..XXL, shoe sizes, ages) and colours in admin order. */
  sizes: z.array(z.string()),
  colors: z.array(z.string()),
  colorImages: z.array(colorImageSchema),
  /** Issue 28: the size chart it points at (the chart itself is in the product's own answer). */
  sizeChartId: z.string().nullable(),
  /** Fibres by part, each part adding up to 100; empty when not given. */
  composition: compositionSchema,
  /** The five care symbols; null when not given. */
  care: careSchema.nullable(),
  /** How buyers said their size fitted, with a verdict once 5 have answered. */
  fitSummary: fitSummarySchema,
});
export type Product = z.infer<typeof productSchema>;

/**
 * A product as listings and searches give it (issue 50): what a card shows (the spec's product
 * fields, the 30-day price, sizes and colours for its swatches) and the one variant its "Add to
 * cart" adds, null when a size or colour must be chosen on the product page or there is none.
 * Variants, composition, care and the fit summary stay on the product's own answer.
 */
export const productCardSchema = productSchema
  .pick({
    _id: true,
    image: true,
    title: true,
    description: true,
    category: true,
    brand: true,
    price: true,
    salePrice: true,
    lowestPrice30Days: true,
    totalStock: true,
    averageReview: true,
    sizes: true,
    colors: true,
  })
  .extend({ soleVariantId: z.string().nullable() });
export type ProductCard = z.infer<typeof productCardSchema>;

/** A product's card, its keys in the schema's order (listings join kept JSON of it). */
export function productCardOf(product: Product): ProductCard {
  return {
    _id: product._id,
    image: product.image,
    title: product.title,
    description: product.description,
    category: product.category,
    brand: product.brand,
    price: product.price,
    salePrice: product.salePrice,
    lowestPrice30Days: product.lowestPrice30Days,
    totalStock: product.totalStock,
    averageReview: product.averageReview,
    sizes: product.sizes,
    colors: product.colors,
    soleVariantId: product.variants.length === 1 ? (product.variants[0]?._id ?? null) : null,
  };
}

/** Whether a card's product is sold in sizes or colours (then its page picks one). */
export const hasOptions = (card: Pick<ProductCard, 'sizes' | 'colors'>) =>
  card.sizes.length > 0 || card.colors.length > 0;

/** `GET /api/shop/products/get/:id`: a product with its size chart (listings leave it out). */
export const productDetailSchema = productSchema.extend({
  sizeChart: sizeChartSchema.nullable(),
});
export type ProductWithChart = z.infer<typeof productDetailSchema>;

const MAX_MONEY = 1_000_000;

// A minus sign is read, so "-5" is refused by the field's range ("must be 0 or more"), not as
// "must be a number".
const decimalString = z
  .string()
  .trim()
  .regex(/^-?\d+(\.\d+)?$/, 'must be a number')
  .transform(Number);

/** Money at the edge: a decimal with at most 2 places (`19.99`); numeric strings from forms too. */
function money() {
  return z.union([z.number(), decimalString], { message: 'must be a number' }).pipe(
    z
      .number()
      .finite()
      .max(MAX_MONEY, `must be at most ${MAX_MONEY}`)
      .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, {
        message: 'must have at most 2 decimal places',
      }),
  );
}

function stock() {
  return z
    .union([z.number(), decimalString], { message: 'must be a number' })
    .pipe(
      z
        .number()
        .int('must be a whole number')
        .min(0, 'must be 0 or more')
        .max(1_000_000, 'must be at most 1000000'),
    );
}

function imageUrl() {
  return z
    .string({ message: 'is required: upload an image first' })
    .trim()
    .min(1, 'is required: upload an image first')
    .max(500, 'must be at most 500 characters');
}

/** A size or colour: one line of text, possibly empty (one-dimension products). */
const optionText = (max: number) => text({ min: 0, max });

export const maxVariants = 200;

export const variantInput = z.strictObject({
  _id: z.string().max(100).optional(),
  size: optionText(20).optional().default(''),
  color: optionText(30).optional().default(''),
  /** Generated from the product and the options when absent or empty; stored upper-cased. */
  sku: z
    .string()
    .trim()
    .max(64, 'must be at most 64 characters')
    .regex(/^[A-Za-z0-9._-]*$/, 'may hold only letters, digits, dots, dashes and underscores')
    .transform((s) => s.toUpperCase())
    .optional(),
  totalStock: stock(),
});
export type VariantInput = z.input<typeof variantInput>;

/** Size/colour pairs and SKUs unique within the body; every variant names a size or colour. */
function checkVariants(variants: z.output<typeof variantInput>[], ctx: z.RefinementCtx) {
  const pairs = new Set<string>();
  const skus = new Set<string>();
  variants.forEach((v, i) => {
    if (!v.size && !v.color) {
      ctx.addIssue({ code: 'custom', path: ['variants', i], message: 'needs a size or a colour' });
    }
    const pair = `${v.size.toLowerCase()}\u0000${v.color.toLowerCase()}`;
    if (pairs.has(pair)) {
      ctx.addIssue({
        code: 'custom',
        path: ['variants', i],
        message: `repeats size "${v.size}" in colour "${v.color}"`,
      });
    }
    pairs.add(pair);
    if (v.sku) {
      if (skus.has(v.sku)) {
        ctx.addIssue({
          code: 'custom',
          path: ['variants', i, 'sku'],
          message: `repeats SKU ${v.sku}`,
        });
      }
      skus.add(v.sku);
    }
  });
}

/** What an admin submits to add or edit a product (SPEC §7 "same product fields"). */
export const productInput = z
  .strictObject({
    image: imageUrl(),
    title: text({ max: 200 }),
    description: text({ min: 0, max: 5000, multiline: true }).optional().default(''),
    category: z.enum(categories, { message: `must be one of ${categories.join(', ')}` }),
    brand: z.enum(brands, { message: `must be one of ${brands.join(', ')}` }),
    price: money().refine((n) => n > 0, { message: 'must be greater than 0' }),
    // Optional: empty or 0 means no sale (SPEC §3).
    salePrice: z
      .union([money(), z.literal(''), z.null()])
      .optional()
      .transform((v) => (typeof v === 'number' ? v : 0))
      .refine((n) => n >= 0, { message: 'must be 0 or more' }),
    // Ignored when the product has variants: its stock is then their sum.
    totalStock: stock().optional(),
    /**
     * Absent: the variants stay as they are. On edit, an entry with `_id` keeps (and updates)
     * that variant, a variant not listed is removed, an entry without `_id` is added.
     */
    variants: z
      .array(variantInput)
      .max(maxVariants, `must have at most ${maxVariants} entries`)
      .optional(),
    /** One picture per colour (uploads of this shop); absent: they stay as they are. */
    colorImages: z
      .array(
        z.strictObject({
          color: optionText(30).pipe(z.string().min(1, 'is required')),
          image: imageUrl(),
        }),
      )
      .max(maxVariants)
      .optional(),
    /**
     * Issue 28. Absent: left as they are on edit, none on add. `sizeChartId` null (or '')
     * removes the chart, `care` null removes the care symbols, `composition` [] the fibres.
     */
    sizeChartId: z
      .union([z.string().max(100), z.null()])
      .transform((v) => (v === '' ? null : v))
      .optional(),
    composition: compositionInput.optional(),
    care: careSchema.nullable().optional(),
    // Derived from the variants: accepted and ignored, so a client may send a product back.
    sizes: z.array(z.string().max(100)).max(maxVariants).optional(),
    colors: z.array(z.string().max(100)).max(maxVariants).optional(),
    // The original client sends it; the server keeps its own average and ignores this.
    averageReview: z.union([z.number(), z.string().max(20)]).optional(),
  })
  .superRefine((p, ctx) => {
    if (p.totalStock === undefined && !p.variants?.length) {
      ctx.addIssue({ code: 'custom', path: ['totalStock'], message: 'is required' });
    }
    checkVariants(p.variants ?? [], ctx);
    if (p.salePrice > 0 && p.salePrice >= p.price) {
      ctx.addIssue({
        code: 'custom',
        path: ['salePrice'],
        message: 'must be below the price (or 0 for no sale)',
      });
    }
  });
export type ProductInput = z.input<typeof productInput>;
export type ProductData = z.output<typeof productInput>;

const readOnly = z.union([z.string().max(100), z.number()]).optional();

/**
 * An edit: the product fields, plus the read-only fields a listing returned, accepted and
 * ignored, since the original client sends the whole product back (`_id` included). Other
 * unknown keys are still refused.
 */
export const productEditInput = productInput.safeExtend({
  _id: readOnly,
  createdAt: readOnly,
  updatedAt: readOnly,
  __v: readOnly,
  fitSummary: fitSummarySchema.optional(),
  // Computed from the price history: accepted and ignored like the others.
  lowestPrice30Days: z.number().nullable().optional(),
});

export const uploadImageResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  result: z.object({ url: z.string() }),
});
export type UploadImageResponse = z.infer<typeof uploadImageResponse>;

export {
  type BannerTextInput,
  bannerTextInput,
  type FeatureImage,
  type FeatureInput,
  featureImageSchema,
  featureInput,
  isBannerLink,
} from './features';
