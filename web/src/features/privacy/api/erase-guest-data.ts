import type { GuestErasedResponse } from '@contract/privacy';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const eraseGuestData = (token: string) =>
  api.post<GuestErasedResponse>(`/api/shop/order/privacy/${encodeURIComponent(token)}/erase`);

/** Erases the link's guest orders; the link then names nothing, so the page reads it no more. */
export function useEraseGuestData(token: string) {
  return useMutation({ mutationFn: () => eraseGuestData(token) });
}
