import { z } from 'zod';
import type { SimShipping } from './simulator-state';

// What PayPal checks of purchase_units[].shipping, and of the shipping_preference that says
// whose address it is (SET_PROVIDED_ADDRESS: the merchant's, which the payer cannot change).

export const shippingBody = z
  .object({
    name: z.object({ full_name: z.string().max(300).optional() }).optional(),
    address: z
      .object({
        address_line_1: z.string().max(300).optional(),
        address_line_2: z.string().max(300).optional(),
        admin_area_2: z.string().max(120).optional(),
        admin_area_1: z.string().max(300).optional(),
        postal_code: z.string().max(60).optional(),
        country_code: z.string().optional(),
      })
      .optional(),
  })
  .optional();

export const experienceContext = z.object({
  brand_name: z.string().max(127).optional(),
  return_url: z.url(),
  cancel_url: z.url(),
  user_action: z.enum(['CONTINUE', 'PAY_NOW']).optional(),
  shipping_preference: z.enum(['GET_FROM_FILE', 'NO_SHIPPING', 'SET_PROVIDED_ADDRESS']).optional(),
});

type Problem = { issue: string; description: string; field: string };

/**
 * The shipping the order keeps, or PayPal's 422 for it: SET_PROVIDED_ADDRESS needs an address,
 * and an address needs a two-letter country_code.
 */
export function checkShipping(
  shipping: z.infer<typeof shippingBody>,
  preference: string | undefined,
): { shipping?: SimShipping; problem?: Problem } {
  const field = '/purchase_units/@reference_id==default/shipping/address';
  if (!shipping?.address) {
    if (preference !== 'SET_PROVIDED_ADDRESS') return {};
    return {
      problem: {
        field,
        issue: 'MISSING_SHIPPING_ADDRESS',
        description:
          'The shipping address is required when `shipping_preference=SET_PROVIDED_ADDRESS`.',
      },
    };
  }
  const country = shipping.address.country_code;
  if (!country || !/^[A-Z]{2}$/.test(country)) {
    return {
      problem: {
        field: `${field}/country_code`,
        issue: 'MISSING_SHIPPING_ADDRESS_COUNTRY_CODE',
        description: 'The shipping address must have a two-character ISO 3166-1 country_code.',
      },
    };
  }
  return {
    shipping: {
      name: { full_name: shipping.name?.full_name ?? '' },
      address: { ...shipping.address, country_code: country },
    },
  };
}
