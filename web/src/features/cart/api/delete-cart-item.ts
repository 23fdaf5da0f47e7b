import type { Cart } from '@contract/cart';
import type { DataResponse } from '@contract/envelope';
import { api } from '@/lib/api-client';
import { useCartWrite } from './get-cart';

type Vars = { userId: string; productId: string; variantId?: string | null };

/** The spec's path; `?variantId=` names the size/colour line. */
export const deleteCartItem = ({ userId, productId, variantId }: Vars) =>
  api
    .delete<DataResponse<Cart>>(
      `/api/shop/cart/${userId}/${productId}${variantId ? `?variantId=${variantId}` : ''}`,
    )
    .then((r) => r.data);

export function useDeleteCartItem() {
  return useCartWrite(deleteCartItem);
}
