import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

type Vars = { orderNumber: string; email: string };
// The same answer whether or not the number and email match an order (as the order lookup's):
// the acknowledgment goes by email to the address the order was placed with.
type Answer = { success: boolean; message: string };

/**
 * The EU withdrawal: order number and email only, every line of the order (no lines named).
 * The server emails the acknowledgment before it answers.
 */
export const createWithdrawal = (body: Vars) => api.post<Answer>('/api/shop/withdrawals', body);

export function useCreateWithdrawal() {
  return useMutation({ mutationFn: createWithdrawal });
}
