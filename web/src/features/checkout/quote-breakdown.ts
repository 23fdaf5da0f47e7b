import type { Quote } from '@contract/pricing';
import type { Breakdown } from '@/components/ui/price-breakdown';

/** The quote's figures as the breakdown shows them. */
export const quoteBreakdown = (quote: Quote): Breakdown => ({
  subtotal: quote.subtotal,
  discount: quote.discount,
  discountCode: quote.discountCode?.ok ? quote.discountCode.code : null,
  shipping: quote.shipping,
  shippingName: quote.shippingMethods.find((m) => m._id === quote.shippingMethodId)?.name ?? null,
  tax: quote.tax,
  taxLines: quote.taxLines,
  pricesIncludeTax: quote.pricesIncludeTax,
  total: quote.total,
});
