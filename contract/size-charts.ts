import { z } from 'zod';
import { brands, categories } from './catalog-constants';
import { text } from './common';
import {
  careOptions,
  fibres,
  fitValues,
  maxChartColumns,
  maxChartRows,
  maxCompositionParts,
  maxFibresPerPart,
  maxMeasureCm,
} from './garment-constants';

export * from './garment-constants';

// Size charts, fabric and care, fit from buyers and "find my size" (issue 28).

// ---- Size charts: /api/admin/size-charts ----

const cm = z
  .number({ message: 'must be a number of centimetres' })
  .positive('must be above 0')
  .max(maxMeasureCm, `must be at most ${maxMeasureCm} cm`)
  .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-6, {
    message: 'must have at most 1 decimal',
  });

/** One measurement: a number, a range `[min, max]`, or null for none. */
const measure = z.union([cm, z.tuple([cm, cm]), z.null()], {
  message: 'must be a number of cm, a range [min, max], or null',
});

const chartRow = z.strictObject({
  size: text({ max: 20 }),
  values: z.array(measure).max(maxChartColumns, `must have at most ${maxChartColumns} values`),
});

/** What an admin sends to add or edit a chart; measurements in cm (inches are derived). */
export const sizeChartBody = z
  .strictObject({
    name: text({ max: 80 }),
    unit: z.literal('cm', { message: "must be 'cm' (inches are shown beside)" }).default('cm'),
    columns: z
      .array(text({ max: 40 }))
      .min(1, 'must name at least one measurement')
      .max(maxChartColumns, `must have at most ${maxChartColumns} measurements`),
    rows: z
      .array(chartRow)
      .min(1, 'must have at least one size')
      .max(maxChartRows, `must have at most ${maxChartRows} sizes`),
    howToMeasure: text({ min: 0, max: 2000, multiline: true }).default(''),
  })
  .superRefine((chart, ctx) => {
    const columns = new Set<string>();
    chart.columns.forEach((column, i) => {
      if (columns.has(column.toLowerCase())) {
        ctx.addIssue({ code: 'custom', path: ['columns', i], message: `repeats "${column}"` });
      }
      columns.add(column.toLowerCase());
    });
    const sizes = new Set<string>();
    chart.rows.forEach((row, i) => {
      if (sizes.has(row.size.toLowerCase())) {
        ctx.addIssue({
          code: 'custom',
          path: ['rows', i, 'size'],
          message: `repeats size "${row.size}"`,
        });
      }
      sizes.add(row.size.toLowerCase());
      if (row.values.length !== chart.columns.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['rows', i, 'values'],
          message: `must have one value per measurement (${chart.columns.length})`,
        });
      }
      row.values.forEach((value, j) => {
        if (Array.isArray(value) && value[0] >= value[1]) {
          ctx.addIssue({
            code: 'custom',
            path: ['rows', i, 'values', j],
            message: 'must be a range from the lower to the higher value',
          });
        }
      });
    });
  });
export type SizeChartBody = z.input<typeof sizeChartBody>;
export type SizeChartData = z.output<typeof sizeChartBody>;

export const sizeChartSchema = z.object({
  _id: z.string(),
  name: z.string(),
  unit: z.literal('cm'),
  columns: z.array(z.string()),
  rows: z.array(
    z.object({
      size: z.string(),
      values: z.array(z.union([z.number(), z.tuple([z.number(), z.number()]), z.null()])),
    }),
  ),
  howToMeasure: z.string(),
});
export type SizeChart = z.infer<typeof sizeChartSchema>;

// ---- Fabric and care: product bodies and answers ----

const fibreEnum = z.enum(fibres, { message: `must be one of ${fibres.join(', ')}` });

const compositionPart = z.strictObject({
  /** "Body", "Lining", "Sole"; may be empty when the product is one part. */
  part: text({ min: 0, max: 40 }).default(''),
  fibres: z
    .array(
      z.strictObject({
        fibre: fibreEnum,
        percent: z
          .number({ message: 'must be a whole number from 1 to 100' })
          .int('must be a whole number from 1 to 100')
          .min(1, 'must be a whole number from 1 to 100')
          .max(100, 'must be a whole number from 1 to 100'),
      }),
    )
    .min(1, 'must name at least one fibre')
    .max(maxFibresPerPart, `must have at most ${maxFibresPerPart} fibres`),
});

/**
 * Fibres by part ("Body: 95% cotton, 5% elastane; Lining: 100% polyester"). Each part's
 * percentages add up to 100, a fibre appears once per part, and with several parts each is
 * named, once.
 */
export const compositionInput = z
  .array(compositionPart)
  .max(maxCompositionParts, `must have at most ${maxCompositionParts} parts`)
  .superRefine((parts, ctx) => {
    const names = new Set<string>();
    parts.forEach((p, i) => {
      const total = p.fibres.reduce((sum, f) => sum + f.percent, 0);
      if (total !== 100) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'fibres'],
          message: `must add up to 100% (they add up to ${total}%)`,
        });
      }
      const seen = new Set<string>();
      p.fibres.forEach((f, j) => {
        if (seen.has(f.fibre)) {
          ctx.addIssue({ code: 'custom', path: [i, 'fibres', j, 'fibre'], message: 'is repeated' });
        }
        seen.add(f.fibre);
      });
      if (parts.length > 1 && !p.part) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'part'],
          message: 'is required when there are several parts',
        });
      }
      if (p.part && names.has(p.part.toLowerCase())) {
        ctx.addIssue({ code: 'custom', path: [i, 'part'], message: `repeats "${p.part}"` });
      }
      names.add(p.part.toLowerCase());
    });
  });

export const compositionSchema = z.array(
  z.object({
    part: z.string(),
    fibres: z.array(z.object({ fibre: z.enum(fibres), percent: z.number().int() })),
  }),
);

const careEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { message: `must be one of ${values.join(', ')}` });

/** The five care symbols, each one of its options (garment-constants.ts). */
export const careSchema = z.strictObject({
  wash: careEnum(careOptions.wash),
  bleach: careEnum(careOptions.bleach),
  dry: careEnum(careOptions.dry),
  iron: careEnum(careOptions.iron),
  dryClean: careEnum(careOptions.dryClean),
});

// ---- Fit from buyers ----

export const fitSchema = z.enum(fitValues, { message: `must be one of ${fitValues.join(', ')}` });

/** How buyers said the size they bought fitted; `verdict` once there are 5 answers. */
export const fitSummarySchema = z.object({
  small: z.number().int(),
  true: z.number().int(),
  large: z.number().int(),
  verdict: z.enum(fitValues).nullable(),
});
export type FitSummary = z.infer<typeof fitSummarySchema>;

// ---- Find my size: /api/shop/my-sizes ----

/** "I wear M in Levi's men": a size for a brand and category. */
export const savedSizeBody = z.strictObject({
  brand: z.enum(brands, { message: `must be one of ${brands.join(', ')}` }),
  category: z.enum(categories, { message: `must be one of ${categories.join(', ')}` }),
  size: text({ max: 20 }),
});
export type SavedSizeBody = z.input<typeof savedSizeBody>;

export const savedSizeSchema = z.object({
  brand: z.enum(brands),
  category: z.enum(categories),
  size: z.string(),
});
export type SavedSize = z.infer<typeof savedSizeSchema>;

export const savedSizeParams = z.object({
  brand: z.enum(brands, { message: `must be one of ${brands.join(', ')}` }),
  category: z.enum(categories, { message: `must be one of ${categories.join(', ')}` }),
});

/**
 * The size preselected on a product: from the size the shopper saved for its brand and
 * category, or else the last one they bought and kept there, moved by the fit verdict.
 */
export const sizeSuggestionSchema = z.object({
  /** The size to preselect (one of the product's sizes). */
  size: z.string(),
  /** What it came from: the size worn, and whether it was saved or bought. */
  worn: z.string(),
  source: z.enum(['saved', 'bought']),
  /** +1: one size up (runs small); -1: one down (runs large); 0: as worn. */
  shift: z.union([z.literal(-1), z.literal(0), z.literal(1)]),
  verdict: z.enum(fitValues).nullable(),
});
export type SizeSuggestion = z.infer<typeof sizeSuggestionSchema>;
