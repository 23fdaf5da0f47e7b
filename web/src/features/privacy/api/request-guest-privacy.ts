import type { MessageResponse } from '@contract/envelope';
import type { GuestPrivacyBody } from '@contract/privacy';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type GuestPrivacyInput = {
  orderNumber: string;
  email: string;
  request: GuestPrivacyBody['request'];
};

/** Asks for a guest's download or erasure link; the answer never says if the order exists. */
export const requestGuestPrivacy = (body: GuestPrivacyInput) =>
  api.post<MessageResponse>(
    '/api/shop/order/privacy',
    body satisfies { [K in keyof GuestPrivacyBody]: unknown },
  );

export function useRequestGuestPrivacy() {
  return useMutation({ mutationFn: requestGuestPrivacy });
}
