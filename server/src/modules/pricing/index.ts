export {
  type Destination,
  type DiscountRule,
  eligibleCents,
  lineKey,
  type Priced,
  PricingService,
  RATE_SCALE,
  type SaleLine,
  type ShippingRate,
  shippingPrice,
  type TaxRule,
  taxLinesOf,
  taxOf,
} from './pricing.service';
export { attachPricingSettings } from './pricing-settings';
