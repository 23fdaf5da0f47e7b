import { describe, expect, it } from 'vitest';
import { toDiscountBody } from '../../web/src/features/admin-discounts/components/discount-form-values';
import {
  emptyMethod,
  emptyZone,
  placeZoneError,
  toZoneBody,
  zoneLabels,
} from '../../web/src/features/admin-shipping/components/zone-form-values';
import { toTaxRateBody } from '../../web/src/features/admin-taxes/components/tax-rate-form-values';
import { ApiError } from '../../web/src/lib/api-client';
import { errorsFromServer, formError } from '../../web/src/lib/field-errors';

// The pricing settings forms check with the contract's own schemas and show each error beside
// the input of the field it names, in the form's words.

describe('pricing settings forms name the field of each error', () => {
  it('an empty zone: its name, its countries, and each blank number of its method', () => {
    const { errors } = toZoneBody(emptyZone());
    expect(errors).toMatchObject({
      name: 'Name is required',
      countries: 'Countries must name at least one country',
      'methods.0.price': 'Price is required',
      'methods.0.minDays': 'Min days is required',
      'methods.0.maxDays': 'Max days is required',
    });
  });

  it('a rule between two fields names the other by its label', () => {
    const method = { ...emptyMethod(), name: 'Post', price: '5', minDays: '5', maxDays: '2' };
    const { errors } = toZoneBody({
      name: 'Nordics',
      countries: 'se no',
      regions: '',
      methods: [method],
    });
    expect(errors).toEqual({ 'methods.0.maxDays': 'Max days must be at least Min days' });

    const discount = toDiscountBody({
      code: 'SPRING',
      type: 'percent',
      value: '150',
      minSubtotal: '',
      startsAt: '2030-01-02T00:00',
      endsAt: '2030-01-01T00:00',
      usageLimit: '',
      perCustomerLimit: '',
      categories: [],
      brands: [],
    });
    expect(discount.errors).toEqual({
      value: 'Value must be above 0 and at most 100',
      endsAt: 'Ends must be after Starts',
    });
  });

  it('a valid form is the request body, codes in capitals', () => {
    const { body, errors } = toTaxRateBody({
      country: 'us',
      region: 'ny',
      name: 'Sales tax',
      rate: '8.875',
      taxShipping: true,
    });
    expect(errors).toBeUndefined();
    expect(body).toEqual({
      country: 'US',
      region: 'NY',
      name: 'Sales tax',
      rate: 8.875,
      taxShipping: true,
    });
  });

  it("the server's message goes beside the field it names, else to the form", () => {
    const server = (message: string) =>
      errorsFromServer(new ApiError(400, 'INVALID_INPUT', message), zoneLabels, placeZoneError);
    expect(server('methods.1.maxDays must be at least minDays')).toEqual({
      'methods.1.maxDays': 'Max days must be at least Min days',
    });
    expect(server('countries.2 must be a two-letter country code (ISO 3166)')).toEqual({
      countries: 'Countries must be a two-letter country code (ISO 3166)',
    });
    expect(server('Something else went wrong')).toEqual({
      [formError]: 'Something else went wrong',
    });
  });
});
