import type { MessageResponse } from '@contract/envelope';
import type { CreateWithdrawalBody } from '@contract/returns';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

type Vars = Omit<CreateWithdrawalBody, 'orderNumber' | 'comment'> & {
  orderNumber: string;
  comment?: string;
};
// The same answer whether or not the number and email match an order (as the order lookup's):
// the acknowledgment goes by email to the address the order was placed with.
type Answer = MessageResponse;

/**
 * The EU withdrawal: order number, email and name; the lines chosen, or every line when none
 * are named. The server emails the acknowledgment after it answers.
 */
export const createWithdrawal = (body: Vars) => api.post<Answer>('/api/shop/withdrawals', body);

export function useCreateWithdrawal() {
  return useMutation({ mutationFn: createWithdrawal });
}
