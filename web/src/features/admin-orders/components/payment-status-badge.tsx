import { type PaymentStatus, paymentStatusLabels } from '@contract/order-constants';
import { Badge } from '@/components/ui/badge';

const variants: Record<PaymentStatus, 'success' | 'outline' | 'secondary' | 'destructive'> = {
  paid: 'success',
  partially_refunded: 'secondary',
  refunded: 'secondary',
  pending: 'outline',
  pending_capture: 'outline',
  cancelled: 'secondary',
  failed: 'destructive',
};

/** The list's payment column: paid in green, waiting outlined, failed in red. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge variant={variants[status]} className="whitespace-nowrap">
      {paymentStatusLabels[status]}
    </Badge>
  );
}

/** How many units an order holds (its lines' quantities added up). */
export const unitsOf = (order: { cartItems: readonly { quantity: number }[] }) =>
  order.cartItems.reduce((sum, line) => sum + line.quantity, 0);
