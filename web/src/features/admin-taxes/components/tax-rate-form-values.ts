import { type TaxRate, type TaxRateBody, taxRateBody } from '@contract/pricing';
import {
  blankErrors,
  errorsFromIssues,
  type FieldErrors,
  numberOf,
  placement,
} from '@/lib/field-errors';

export type TaxRateFormValues = {
  country: string;
  region: string;
  name: string;
  rate: string;
  taxShipping: boolean;
};

export const taxRateLabels = {
  country: 'Country',
  region: 'Region',
  name: 'Name',
  rate: 'Rate',
  taxShipping: 'Tax shipping',
};
export const placeTaxRateError = placement(/^(country|region|name|rate|taxShipping)$/);

export const emptyTaxRate: TaxRateFormValues = {
  country: '',
  region: '',
  name: '',
  rate: '',
  taxShipping: false,
};

export const valuesFromTaxRate = (r: TaxRate): TaxRateFormValues => ({
  country: r.country,
  region: r.region,
  name: r.name,
  rate: String(r.rate),
  taxShipping: r.taxShipping,
});

/** The request body, or the errors to show beside each input (the contract's own rules). */
export function toTaxRateBody(
  values: TaxRateFormValues,
): { body: TaxRateBody; errors?: undefined } | { body?: undefined; errors: FieldErrors } {
  const parsed = taxRateBody.safeParse({ ...values, rate: numberOf(values.rate) });
  const blanks = blankErrors({ country: values.country, rate: values.rate }, taxRateLabels);
  if (parsed.success && Object.keys(blanks).length === 0) return { body: parsed.data };
  const errors = errorsFromIssues(parsed.error?.issues ?? [], taxRateLabels, placeTaxRateError);
  return { errors: { ...errors, ...blanks } };
}
