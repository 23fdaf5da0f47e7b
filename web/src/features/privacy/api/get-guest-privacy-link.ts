import type { DataResponse } from '@contract/envelope';
import type { GuestPrivacyLink } from '@contract/privacy';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

const linkPath = (token: string) => `/api/shop/order/privacy/${encodeURIComponent(token)}`;

export const guestPrivacyLinkQueryKey = (token: string) => ['privacy', 'guest', token] as const;

/** The JSON download of the link's guest orders: a plain GET, the link is the credential. */
export const guestExportUrl = (token: string) => `${linkPath(token)}/export`;

/** What an emailed privacy link allows (download or erase) and for which orders. */
export const getGuestPrivacyLink = (token: string) =>
  api.get<DataResponse<GuestPrivacyLink>>(linkPath(token)).then((r) => r.data);

export const guestPrivacyLinkQuery = (token: string) =>
  queryOptions({
    queryKey: guestPrivacyLinkQueryKey(token),
    queryFn: () => getGuestPrivacyLink(token),
    // A link that names nothing stays that way, and one erased with answers 404 after: the page
    // keeps what it read (and shows the erasure's outcome) rather than asking again.
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useGuestPrivacyLink(token: string) {
  return useQuery(guestPrivacyLinkQuery(token));
}
