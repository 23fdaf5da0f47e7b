import { z } from 'zod';
import { dataResponse } from './common';
import { countryCode } from './pricing';

// The admin's "no tax here" marks and the Taxes page's warnings (docs/pricing.md, "Tax").

/** POST /api/admin/tax-rates/no-tax/add: a country priced at 0% on purpose. */
export const noTaxBody = z.strictObject({ country: countryCode });
export type NoTaxBody = z.infer<typeof noTaxBody>;

export const noTaxCountrySchema = z.object({
  /** The country's code (what DELETE /no-tax/delete/{id} names). */
  _id: z.string(),
  country: z.string(),
  /** Marked by the upgrade that brought in the rule, for a country already sold to untaxed. */
  setByUpgrade: z.boolean(),
});
export type NoTaxCountry = z.infer<typeof noTaxCountrySchema>;

export const taxGapSchema = z.object({
  country: z.string(),
  /** The zone's regions no rate covers; null: the country's other regions, or all of it. */
  regions: z.array(z.string()).nullable(),
  /** "Orders to France are refused at checkout: add a tax rule or mark it "no tax here"". */
  message: z.string(),
});
export type TaxGap = z.infer<typeof taxGapSchema>;

export const taxCoverageSchema = z.object({
  noTax: z.array(noTaxCountrySchema),
  /** One per shipping-zone country where some deliveries would be refused for tax. */
  gaps: z.array(taxGapSchema),
});
export type TaxCoverage = z.infer<typeof taxCoverageSchema>;
export const taxCoverageResponse = dataResponse(taxCoverageSchema);
