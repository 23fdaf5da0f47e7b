import { type OrderStatus, orderStatusLabels } from '@contract/order-constants';
import { cn } from '@/lib/utils';

/** SPEC §4: green for confirmed, red for rejected, black for every other status. */
export function OrderStatusBadge({
  status,
  className,
}: {
  status: OrderStatus;
  className?: string;
}) {
  const colour =
    status === 'confirmed' ? 'bg-green-700' : status === 'rejected' ? 'bg-red-700' : 'bg-black';
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-3 py-1 text-xs font-semibold text-white',
        colour,
        className,
      )}
    >
      {orderStatusLabels[status]}
    </span>
  );
}
