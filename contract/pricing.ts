import { z } from 'zod';
import { emailSchema } from './auth';
import { brands, categories } from './catalog-constants';
import { dataResponse, text } from './common';
import { addressRegion } from './delivery-place';
import {
  addressFieldMax,
  discountCodeLength,
  discountCodeRule,
  enteredDiscountCodeMax,
  regionCodeMax,
} from './limits';

// Shipping, tax and discount codes: the shapes of the quote and of the admin's settings.
// Money is decimal dollars at the edge (cents inside); tax rates are percents at the edge
// (thousandths of a percent inside: 8.875% is 8875).

export const discountTypes = ['percent', 'fixed', 'freeShipping'] as const;
export type DiscountType = (typeof discountTypes)[number];

/** ISO 3166-1 alpha-2, upper case. */
export const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code (ISO 3166)')
  .transform((s) => s.toUpperCase());
/** A region (state, province) code within a country: "CA", "NY", "BY"; may be empty. */
export const regionCode = z
  .string()
  .trim()
  .regex(
    new RegExp(`^[A-Za-z0-9-]{0,${regionCodeMax}}$`),
    `must be a region code of up to ${regionCodeMax} letters or digits`,
  )
  .transform((s) => s.toUpperCase());

const money = (max = 1_000_000) =>
  z
    .number()
    .min(0, 'must not be negative')
    .max(max, `must be at most ${max}`)
    .refine(
      (n) =>
        Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6,
      {
        message: 'must have at most two decimals',
      },
    );
const days = z.number().int('must be a whole number').min(0).max(365);
const idString = z.string().min(1, 'is required').max(100, 'must be at most 100 characters');

/** POST /api/shop/checkout/quote: the cart priced for an address, a method and a code. */
/**
 * A code as a shopper types it at checkout: bounded, but not held to the admin's pattern, so an
 * unknown code is answered "not a valid code" with the quote, not refused as a bad request.
 */
export const enteredDiscountCode = z
  .string()
  .trim()
  .max(enteredDiscountCodeMax, `must be at most ${enteredDiscountCodeMax} characters`);

export const quoteBody = z.strictObject({
  userId: idString.optional(),
  addressId: idString.optional(),
  /** A place not saved yet (a guest's); with its postcode, a US region is checked against it. */
  address: z
    .strictObject({
      country: countryCode,
      region: addressRegion.default(''),
      pincode: z
        .string()
        .trim()
        .max(addressFieldMax.pincode, `must be at most ${addressFieldMax.pincode} characters`)
        .optional(),
    })
    .optional(),
  shippingMethodId: idString.optional(),
  discountCode: enteredDiscountCode.optional(),
  /** A guest's email (GUEST_CHECKOUT): per-customer code limits count guests by it. */
  email: emailSchema.optional(),
});
export type QuoteBody = z.infer<typeof quoteBody>;

export const shippingMethodOption = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
});
export type ShippingMethodOption = z.infer<typeof shippingMethodOption>;

export const taxLine = z.object({ name: z.string(), rate: z.number(), amount: z.number() });
export type TaxLine = z.infer<typeof taxLine>;

export const quoteSchema = z.object({
  lines: z.array(
    z.object({
      productId: z.string(),
      variantId: z.string().nullable(),
      title: z.string(),
      quantity: z.number().int(),
      unitPrice: z.number(),
      subtotal: z.number(),
      discount: z.number(),
      tax: z.number(),
      total: z.number(),
    }),
  ),
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  tax: z.number(),
  total: z.number(),
  taxLines: z.array(taxLine),
  shippingMethods: z.array(shippingMethodOption),
  /** The method priced in (the one asked for, else the cheapest); null when none ships there. */
  shippingMethodId: z.string().nullable(),
  pricesIncludeTax: z.boolean(),
  discountCode: z.object({ code: z.string(), ok: z.boolean(), reason: z.string() }).nullable(),
  /** Whether the cart can be sent to this address; `message` says why not. */
  shippable: z.boolean(),
  /** The total is above what one order may cost (limits.ts maxOrderTotalCents); `message` says so. */
  overMaximum: z.boolean(),
  message: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;
export const quoteResponse = dataResponse(quoteSchema);

// ---- Admin settings ----

const methodBody = z.strictObject({
  _id: idString.optional(),
  name: text({ max: 80 }),
  price: money(),
  freeOver: money().nullable().default(null),
  tiers: z
    .array(z.strictObject({ minSubtotal: money(), price: money() }))
    .max(10, 'must have at most 10 tiers')
    .default([]),
  minDays: days,
  maxDays: days,
});

export const shippingZoneBody = z
  .strictObject({
    name: text({ max: 80 }),
    countries: z.array(countryCode).min(1, 'must name at least one country').max(250),
    regions: z
      .array(regionCode.pipe(z.string().min(1)))
      .max(100)
      .default([]),
    methods: z.array(methodBody).min(1, 'must have at least one method').max(10),
  })
  .superRefine((zone, ctx) => {
    zone.methods.forEach((m, i) => {
      if (m.maxDays < m.minDays) {
        ctx.addIssue({
          code: 'custom',
          path: ['methods', i, 'maxDays'],
          message: 'must be at least minDays',
        });
      }
    });
  });
export type ShippingZoneBody = z.infer<typeof shippingZoneBody>;

export const shippingZoneSchema = z.object({
  _id: z.string(),
  name: z.string(),
  countries: z.array(z.string()),
  regions: z.array(z.string()),
  methods: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      price: z.number(),
      freeOver: z.number().nullable(),
      tiers: z.array(z.object({ minSubtotal: z.number(), price: z.number() })),
      minDays: z.number().int(),
      maxDays: z.number().int(),
    }),
  ),
});
export type ShippingZone = z.infer<typeof shippingZoneSchema>;

export const taxRateBody = z.strictObject({
  country: countryCode,
  region: regionCode.default(''),
  name: text({ max: 80 }),
  /** Percent, up to three decimals: 8.875. */
  rate: z
    .number()
    .min(0, 'must not be negative')
    .max(100, 'must be at most 100')
    .refine((n) => Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6, {
      message: 'must have at most three decimals',
    }),
  taxShipping: z.boolean().default(false),
});
export type TaxRateBody = z.infer<typeof taxRateBody>;
export const taxRateSchema = z.object({
  _id: z.string(),
  country: z.string(),
  region: z.string(),
  name: z.string(),
  rate: z.number(),
  taxShipping: z.boolean(),
});
export type TaxRate = z.infer<typeof taxRateSchema>;

const when = z.iso.datetime({ offset: true, message: 'must be an ISO date and time' }).nullable();
/** One of the catalogue's names; a message naming the one sent ("shoes" is not a category). */
const catalogName = (names: readonly [string, ...string[]], noun: string) =>
  z.enum(names, {
    error: (issue) =>
      `"${String(issue.input).slice(0, 40)}" is not a ${noun} (${names.join(', ')})`,
  });

export const discountBody = z
  .strictObject({
    code: z
      .string()
      .trim()
      .regex(
        new RegExp(`^[A-Za-z0-9_-]{${discountCodeLength.min},${discountCodeLength.max}}$`),
        `must be ${discountCodeRule}`,
      ),
    type: z.enum(discountTypes),
    /** Percent off (up to 100, two decimals), or dollars off; ignored for free shipping. */
    value: money(1_000_000).default(0),
    minSubtotal: money().default(0),
    startsAt: when.default(null),
    endsAt: when.default(null),
    usageLimit: z.number().int().min(1).max(10_000_000).nullable().default(null),
    perCustomerLimit: z.number().int().min(1).max(1000).nullable().default(null),
    categories: z.array(catalogName(categories, 'category')).max(20).default([]),
    brands: z.array(catalogName(brands, 'brand')).max(50).default([]),
  })
  .superRefine((d, ctx) => {
    if (d.type === 'percent' && (d.value <= 0 || d.value > 100)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'must be above 0 and at most 100' });
    }
    if (d.type === 'fixed' && d.value <= 0) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'must be above 0' });
    }
    if (d.startsAt && d.endsAt && Date.parse(d.endsAt) <= Date.parse(d.startsAt)) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after startsAt' });
    }
  });
export type DiscountBody = z.infer<typeof discountBody>;

export const discountSchema = z.object({
  _id: z.string(),
  code: z.string(),
  type: z.enum(discountTypes),
  value: z.number(),
  minSubtotal: z.number(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  categories: z.array(z.string()),
  brands: z.array(z.string()),
  /** Paid orders that used the code, and what they paid and were given. */
  uses: z.number().int(),
  revenue: z.number(),
  discountGiven: z.number(),
});
export type Discount = z.infer<typeof discountSchema>;
