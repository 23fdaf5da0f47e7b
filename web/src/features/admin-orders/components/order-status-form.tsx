import { shippingStatuses } from '@contract/auth';
import {
  type AdminOrderStatus,
  adminOrderStatuses,
  orderStatusLabels,
} from '@contract/order-constants';
import { type FormEvent, useState } from 'react';
import { NotPermitted } from '@/components/if-permitted';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { useCan } from '@/lib/auth';
import { toastAnswer } from '@/lib/toast';
import { useUpdateOrderStatus } from '../api/update-order-status';

const isAdminStatus = (s: string): s is AdminOrderStatus =>
  (adminOrderStatuses as readonly string[]).includes(s);

/**
 * The admin's status form; the server's message is the toast (SPEC §8). A packer (orders.ship
 * alone) is offered the shipping statuses only, as the server allows; without either permission
 * the form is not offered.
 */
export function OrderStatusForm({ orderId, current }: { orderId: string; current: string }) {
  const canUpdate = useCan('orders.update');
  const canShip = useCan('orders.ship');
  if (!canUpdate && !canShip) {
    return <NotPermitted permission="orders.update" action="Changing the status" />;
  }
  const offered = canUpdate
    ? adminOrderStatuses
    : adminOrderStatuses.filter((s) => (shippingStatuses as readonly string[]).includes(s));
  return <StatusForm orderId={orderId} current={current} offered={offered} />;
}

function StatusForm({
  orderId,
  current,
  offered,
}: {
  orderId: string;
  current: string;
  offered: readonly AdminOrderStatus[];
}) {
  const isOffered = (s: string): s is AdminOrderStatus => isAdminStatus(s) && offered.includes(s);
  const [status, setStatus] = useState(isOffered(current) ? current : '');
  const [tracking, setTracking] = useState('');
  const update = useUpdateOrderStatus();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isOffered(status)) return;
    toastAnswer(
      update.mutateAsync({
        id: orderId,
        orderStatus: status,
        ...(status === 'inShipping' && tracking.trim() ? { trackingNumber: tracking.trim() } : {}),
      }),
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-3 border-t pt-4" aria-label="Update order status">
      <div className="grid gap-1.5">
        <Label htmlFor="order-status">Order Status</Label>
        <Select value={status} onValueChange={setStatus}>
          <SelectTrigger id="order-status" aria-label="Order Status">
            <SelectValue placeholder="Order Status" />
          </SelectTrigger>
          <SelectContent>
            {offered.map((s) => (
              <SelectItem key={s} value={s}>
                {orderStatusLabels[s]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {status === 'inShipping' ? (
        <div className="grid gap-1.5">
          <Label htmlFor="tracking-number">Tracking number (optional, sent to the shopper)</Label>
          <Input
            id="tracking-number"
            value={tracking}
            maxLength={100}
            onChange={(e) => setTracking(e.target.value)}
          />
        </div>
      ) : null}
      <Button type="submit" disabled={!isOffered(status) || update.isPending}>
        Update Order Status
      </Button>
    </form>
  );
}
