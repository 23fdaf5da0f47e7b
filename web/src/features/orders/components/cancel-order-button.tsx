import { formatMoney } from '@contract/money';
import { canShopperCancel } from '@contract/order-constants';
import type { Order } from '@contract/orders';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useCancelOrder } from '../api/cancel-order';

/** "Cancel order" for a paid order that has not shipped, after a confirmation. */
export function CancelOrderButton({ order }: { order: Order }) {
  const cancel = useCancelOrder();
  if (!canShopperCancel(order)) return null;
  const refund = order.totalAmount - order.refundedAmount;
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" className="w-full" disabled={cancel.isPending}>
          Cancel order
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>Cancel this order?</AlertDialogTitle>
        <AlertDialogDescription>
          {formatMoney(refund)} will be refunded to your PayPal account. This cannot be undone.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep the order</AlertDialogCancel>
          <AlertDialogAction
            onClick={() =>
              cancel.mutate(order._id, {
                onSuccess: (res) => toast.success(res.message),
                onError: (error) => toast.error(error.message),
              })
            }
          >
            Cancel and refund
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
