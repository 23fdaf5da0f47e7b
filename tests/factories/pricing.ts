import type { DiscountBody, ShippingZoneBody } from '@contract/pricing';
import { seedDemoPricing } from '../../server/src/modules/seed/demo-pricing';
import type { TestApp } from '../helpers/test-app';

/** The demo shop's settings: US Standard/Express, International, a few tax rates, WELCOME10. */
export async function makeDemoPricing(t: TestApp) {
  await seedDemoPricing(t.app.services);
  const zones = await t.app.services.shipping.list();
  const us = zones.find((z) => z.name === 'United States')!;
  const [standard, express] = us.methods;
  return { us, standard: standard!, express: express! };
}

export function zone(overrides: Partial<ShippingZoneBody> = {}): ShippingZoneBody {
  return { name: 'Zone', countries: ['US'], regions: [], methods: [], ...overrides };
}

let counter = 0;
export async function makeDiscount(t: TestApp, overrides: Partial<DiscountBody> = {}) {
  counter += 1;
  return t.app.services.discounts.add({
    code: `CODE${counter}${Math.random().toString(36).slice(2, 6).toUpperCase()}`,
    type: 'percent',
    value: 10,
    minSubtotal: 0,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    perCustomerLimit: null,
    categories: [],
    brands: [],
    ...overrides,
  });
}
