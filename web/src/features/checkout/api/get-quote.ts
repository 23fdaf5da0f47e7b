import type { DataResponse } from '@contract/envelope';
import type { Quote, QuoteBody } from '@contract/pricing';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { Quote } from '@contract/pricing';
/** A saved address, or a place typed in (and a guest's email, GUEST_CHECKOUT). */
export type QuoteInput = Pick<
  QuoteBody,
  'addressId' | 'address' | 'shippingMethodId' | 'discountCode' | 'email'
>;

/**
 * `basis` names what else the answer depends on and the body does not say: the cart's lines
 * and the address's country, region and ZIP. When one changes, the key does, and the quote is
 * asked again (the cart's writes need not know the quote exists).
 */
export const quoteQueryKey = (userId: string, input: QuoteInput, basis: string) =>
  [...shopperQuotesKey(userId), basis, input] as const;

/** Every quote of one shopper, whatever it was for (a changed price makes each stale). */
export const shopperQuotesKey = (userId: string) => ['quote', userId] as const;

export const getQuote = (input: QuoteInput) =>
  api.post<DataResponse<Quote>>('/api/shop/checkout/quote', input).then((r) => r.data);

export const quoteQuery = (
  userId: string | undefined,
  input: QuoteInput,
  basis: string,
  enabled = true,
) =>
  queryOptions({
    queryKey: quoteQueryKey(userId ?? '', input, basis),
    queryFn: () => getQuote(input),
    enabled: enabled && Boolean(userId),
    // A new method or code keeps the figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function useQuote(
  userId: string | undefined,
  input: QuoteInput,
  basis: string,
  enabled = true,
) {
  return useQuery(quoteQuery(userId, input, basis, enabled));
}
