import { z } from 'zod';
import { text } from './common';

export * from './catalog-constants';

import { brands, categories } from './catalog-constants';

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
  totalStock: z.number().int(),
  averageReview: z.number(),
});
export type Product = z.infer<typeof productSchema>;

const MAX_MONEY = 1_000_000;

const decimalString = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+)?$/, 'must be a number')
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

/** What an admin submits to add or edit a product (SPEC §7 "same product fields"). */
export const productInput = z
  .strictObject({
    image: z
      .string({ message: 'is required: upload an image first' })
      .trim()
      .min(1, 'is required: upload an image first')
      .max(500, 'must be at most 500 characters'),
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
    totalStock: z
      .union([z.number(), decimalString], { message: 'must be a number' })
      .pipe(
        z
          .number()
          .int('must be a whole number')
          .min(0, 'must be 0 or more')
          .max(1_000_000, 'must be at most 1000000'),
      ),
    // The original client sends it; the server keeps its own average and ignores this.
    averageReview: z.union([z.number(), z.string().max(20)]).optional(),
  })
  .superRefine((p, ctx) => {
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
});

export const uploadImageResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  result: z.object({ url: z.string() }),
});

export const featureImageSchema = z.object({
  _id: z.string(),
  image: z.string(),
  createdAt: z.string(),
});
export type FeatureImage = z.infer<typeof featureImageSchema>;

export const featureInput = z.strictObject({
  image: z
    .string({ message: 'is required: upload an image first' })
    .trim()
    .min(1, 'is required: upload an image first')
    .max(500, 'must be at most 500 characters'),
});
