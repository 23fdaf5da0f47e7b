import type { Order } from '@contract/orders';
import { isWithdrawnBeforeShipping } from '@contract/shipment-constants';
import { Badge } from '@/components/ui/badge';

/** Every unit withdrawn before any shipped: the order is shown as Withdrawn (a derived label). */
export function WithdrawnBadge({ order }: { order: Order }) {
  return isWithdrawnBeforeShipping(order) ? <Badge variant="secondary">Withdrawn</Badge> : null;
}
