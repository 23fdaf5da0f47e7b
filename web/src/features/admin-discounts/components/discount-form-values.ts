import {
  type Discount,
  type DiscountBody,
  type DiscountType,
  discountBody,
} from '@contract/pricing';
import {
  blankErrors,
  errorsFromIssues,
  type FieldErrors,
  numberOf,
  placement,
} from '@/lib/field-errors';

/** What the inputs hold: numbers as typed, dates as `datetime-local` values (local time). */
export type DiscountFormValues = {
  code: string;
  type: DiscountType;
  value: string;
  minSubtotal: string;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  perCustomerLimit: string;
  categories: string[];
  brands: string[];
};

export const discountLabels = {
  code: 'Code',
  type: 'Type',
  value: 'Value',
  minSubtotal: 'Minimum subtotal',
  startsAt: 'Starts',
  endsAt: 'Ends',
  usageLimit: 'Total uses',
  perCustomerLimit: 'Uses per customer',
  categories: 'Categories',
  brands: 'Brands',
};
export const placeDiscountError = placement(
  /^(code|type|value|minSubtotal|startsAt|endsAt|usageLimit|perCustomerLimit)$/,
  ['categories', 'brands'],
);

export const typeLabels: Record<DiscountType, string> = {
  percent: 'Percent off',
  fixed: 'Amount off',
  freeShipping: 'Free shipping',
};

export const emptyDiscount: DiscountFormValues = {
  code: '',
  type: 'percent',
  value: '',
  minSubtotal: '',
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  perCustomerLimit: '',
  categories: [],
  brands: [],
};

/** An ISO instant as a `datetime-local` value in the admin's time zone. */
function localInput(iso: string | null) {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** A `datetime-local` value (the admin's time) as an ISO instant; typed garbage stays as is. */
function instant(local: string) {
  if (!local) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

export function valuesFromDiscount(d: Discount): DiscountFormValues {
  return {
    code: d.code,
    type: d.type,
    value: d.type === 'freeShipping' ? '' : String(d.value),
    minSubtotal: d.minSubtotal ? String(d.minSubtotal) : '',
    startsAt: localInput(d.startsAt),
    endsAt: localInput(d.endsAt),
    usageLimit: d.usageLimit === null ? '' : String(d.usageLimit),
    perCustomerLimit: d.perCustomerLimit === null ? '' : String(d.perCustomerLimit),
    categories: d.categories,
    brands: d.brands,
  };
}

/** The request body, or the errors to show beside each input (the contract's own rules). */
export function toDiscountBody(
  values: DiscountFormValues,
): { body: DiscountBody; errors?: undefined } | { body?: undefined; errors: FieldErrors } {
  const hasValue = values.type !== 'freeShipping';
  const parsed = discountBody.safeParse({
    code: values.code,
    type: values.type,
    value: hasValue ? numberOf(values.value) : 0,
    minSubtotal: numberOf(values.minSubtotal) ?? 0,
    startsAt: instant(values.startsAt),
    endsAt: instant(values.endsAt),
    usageLimit: numberOf(values.usageLimit) ?? null,
    perCustomerLimit: numberOf(values.perCustomerLimit) ?? null,
    categories: values.categories,
    brands: values.brands,
  });
  const blanks = hasValue ? blankErrors({ value: values.value }, discountLabels) : {};
  if (parsed.success && Object.keys(blanks).length === 0) return { body: parsed.data };
  const errors = errorsFromIssues(parsed.error?.issues ?? [], discountLabels, placeDiscountError);
  return { errors: { ...errors, ...blanks } };
}
