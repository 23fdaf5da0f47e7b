import type { Order } from '@contract/orders';
import { PackageCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { useDeliverParcel } from '../api/deliver-parcel';
import { useUpdateOrderStatus } from '../api/update-order-status';

/**
 * Each parcel not delivered yet gets its own "Parcel N delivered" (the order is delivered with
 * its last one, and the withdrawal period counts from it); once every parcel is on its way, one
 * click marks all of them (the status update).
 */
export function MarkDeliveredButton({ order }: { order: Order }) {
  const update = useUpdateOrderStatus();
  const parcel = useDeliverParcel();
  const waiting = order.shipments
    .map((s, index) => ({ id: s._id, number: index + 1, isDelivered: s.deliveredAt !== null }))
    .filter((s) => !s.isDelivered);
  if (waiting.length === 0) return null;
  const feedback = {
    onSuccess: (res: { message: string }) => toast.success(res.message),
    onError: (error: Error) => toast.error(error.message),
  };
  return (
    <div className="flex flex-wrap gap-2">
      {order.shipments.length > 1 &&
        waiting.map((s) => (
          <Button
            key={s.id}
            type="button"
            variant="outline"
            size="sm"
            disabled={parcel.isPending}
            onClick={() => parcel.mutate({ orderId: order._id, shipmentId: s.id }, feedback)}
          >
            <PackageCheck aria-hidden />
            Parcel {s.number} delivered
          </Button>
        ))}
      {order.orderStatus === 'inShipping' && (
        <Button
          type="button"
          variant="outline"
          disabled={update.isPending}
          onClick={() => update.mutate({ id: order._id, orderStatus: 'delivered' }, feedback)}
        >
          <PackageCheck aria-hidden />
          Mark delivered
        </Button>
      )}
    </div>
  );
}
