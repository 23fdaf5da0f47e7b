import type { DiscountBody, ShippingZoneBody, TaxRateBody } from '@contract/pricing';
import type { DiscountsService } from '../discounts';
import type { ShippingService } from '../shipping';
import type { TaxesService } from '../taxes';

// The demo shop's shipping, tax and one welcome code: a US shop that also ships to Europe.

export const demoShippingZones: ShippingZoneBody[] = [
  {
    name: 'United States',
    countries: ['US'],
    regions: [],
    methods: [
      { name: 'Standard', price: 5.99, freeOver: 100, tiers: [], minDays: 3, maxDays: 5 },
      { name: 'Express', price: 14.99, freeOver: null, tiers: [], minDays: 1, maxDays: 2 },
    ],
  },
  {
    name: 'International',
    // The EU's member states and the United Kingdom.
    countries: [
      'AT',
      'BE',
      'BG',
      'HR',
      'CY',
      'CZ',
      'DK',
      'EE',
      'FI',
      'FR',
      'DE',
      'GR',
      'HU',
      'IE',
      'IT',
      'LV',
      'LT',
      'LU',
      'MT',
      'NL',
      'PL',
      'PT',
      'RO',
      'SK',
      'SI',
      'ES',
      'SE',
      'GB',
    ],
    regions: [],
    methods: [
      { name: 'International', price: 19.99, freeOver: null, tiers: [], minDays: 7, maxDays: 14 },
    ],
  },
];

export const demoTaxRates: TaxRateBody[] = [
  { country: 'US', region: 'CA', name: 'California sales tax', rate: 7.25, taxShipping: false },
  { country: 'US', region: 'NY', name: 'New York sales tax', rate: 8.875, taxShipping: true },
  { country: 'DE', region: '', name: 'VAT', rate: 19, taxShipping: true },
  { country: 'FR', region: '', name: 'TVA', rate: 20, taxShipping: true },
  { country: 'GB', region: '', name: 'VAT', rate: 20, taxShipping: true },
  // The other member states the International zone ships to, at their standard VAT rates.
  ...(
    [
      ['AT', 20],
      ['BE', 21],
      ['BG', 20],
      ['HR', 25],
      ['CY', 19],
      ['CZ', 21],
      ['DK', 25],
      ['EE', 24],
      ['FI', 25.5],
      ['GR', 24],
      ['HU', 27],
      ['IE', 23],
      ['IT', 22],
      ['LV', 21],
      ['LT', 21],
      ['LU', 17],
      ['MT', 18],
      ['NL', 21],
      ['PL', 23],
      ['PT', 23],
      ['RO', 21],
      ['SK', 23],
      ['SI', 22],
      ['ES', 21],
      ['SE', 25],
    ] as const
  ).map(([country, rate]) => ({ country, region: '', name: 'VAT', rate, taxShipping: true })),
];

/** The demo collects US sales tax only where it has rates (CA, NY): elsewhere none, on purpose. */
export const demoNoTaxCountries = ['US'];

export const demoDiscounts: DiscountBody[] = [
  {
    code: 'WELCOME10',
    type: 'percent',
    value: 10,
    minSubtotal: 50,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    perCustomerLimit: 1,
    categories: [],
    brands: [],
  },
];

/**
 * Adds the demo settings to a shop whose shipping zones are none or only some of the demo's;
 * false when it has zones of its own or all of the demo's. The zones go last and each setting
 * is skipped when there, so running it again finishes a seed cut short and never doubles one.
 */
export async function seedDemoPricing(services: {
  shipping: ShippingService;
  taxes: TaxesService;
  discounts: DiscountsService;
}) {
  const zones = new Set((await services.shipping.list()).map((z) => z.name));
  const demoZones = new Set(demoShippingZones.map((z) => z.name));
  const isOwn = [...zones].some((name) => !demoZones.has(name));
  if (isOwn || zones.size === demoZones.size) return false;
  const rates = new Set((await services.taxes.list()).map((r) => `${r.country}/${r.region}`));
  for (const rate of demoTaxRates) {
    if (!rates.has(`${rate.country}/${rate.region}`)) await services.taxes.add(rate);
  }
  const marked = new Set((await services.taxes.listNoTax()).map((n) => n.country));
  for (const country of demoNoTaxCountries) {
    if (!marked.has(country)) await services.taxes.markNoTax(country);
  }
  const codes = new Set((await services.discounts.list()).map((d) => d.code));
  for (const code of demoDiscounts) {
    if (!codes.has(code.code)) await services.discounts.add(code);
  }
  for (const zone of demoShippingZones) {
    if (!zones.has(zone.name)) await services.shipping.add(zone);
  }
  return true;
}
