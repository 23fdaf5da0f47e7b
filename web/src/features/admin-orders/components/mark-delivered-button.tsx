import type { Order } from '@contract/orders';
import { PackageCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useUpdateOrderStatus } from '../api/update-order-status';

/**
 * Once every parcel is on its way: one click sets "delivered" (the status update), which keeps
 * the first delivery date and emails the shopper the return window.
 */
export function MarkDeliveredButton({ order }: { order: Order }) {
  const update = useUpdateOrderStatus();
  if (order.orderStatus !== 'inShipping') return null;
  return (
    <Button
      type="button"
      variant="outline"
      disabled={update.isPending}
      onClick={() =>
        update.mutate(
          { id: order._id, orderStatus: 'delivered' },
          {
            onSuccess: (res) => toast.success(res.message),
            onError: (error) => toast.error(error.message),
          },
        )
      }
    >
      <PackageCheck aria-hidden />
      Mark delivered
    </Button>
  );
}
