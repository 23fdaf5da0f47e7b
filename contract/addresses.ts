import { z } from 'zod';
import { dataResponse, messageResponse, text } from './common';
import { addressRegion } from './delivery-place';
import { addressFieldMax } from './limits';
import { countryCode } from './pricing';

export { addressLimitMessage, maxAddresses } from './limits';

const idString = z.string().min(1, 'is required').max(100, 'must be at most 100 characters');

/** The five fields of SPEC §3; each is required and must not be blank after trimming. */
export const addressFields = {
  address: text({ max: addressFieldMax.address }),
  city: text({ max: addressFieldMax.city }),
  pincode: text({ max: addressFieldMax.pincode }),
  phone: text({ max: addressFieldMax.phone }),
  notes: text({ max: addressFieldMax.notes, multiline: true }),
};
/**
 * Where shipping and tax are chosen by; a client of SPEC §7 that sends neither gets the shop's
 * country, and in the US the state of its ZIP (contract/delivery-place.ts).
 */
const placeFields = { country: countryCode.optional(), region: addressRegion.optional() };
export type AddressFields = { [K in keyof typeof addressFieldMax]: string } & {
  country?: string | undefined;
  region?: string | undefined;
};

export const addAddressBody = z.strictObject({
  userId: idString,
  ...addressFields,
  ...placeFields,
});
export const updateAddressBody = z.strictObject({ ...addressFields, ...placeFields });

export const addressUserParams = z.object({ userId: idString });
export const addressParams = z.object({ userId: idString, addressId: idString });

export const addressSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  address: z.string(),
  city: z.string(),
  pincode: z.string(),
  phone: z.string(),
  notes: z.string(),
  country: z.string(),
  region: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressResponse = dataResponse(addressSchema).extend({ message: z.string() });
export const addressListResponse = dataResponse(z.array(addressSchema));
export const addressDeletedResponse = messageResponse;
