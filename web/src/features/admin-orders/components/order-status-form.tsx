import {
  type AdminOrderStatus,
  adminOrderStatuses,
  orderStatusLabels,
} from '@contract/order-constants';
import { type FormEvent, useState } from 'react';
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
import { toastAnswer } from '@/lib/toast';
import { useUpdateOrderStatus } from '../api/update-order-status';

const isAdminStatus = (s: string): s is AdminOrderStatus =>
  (adminOrderStatuses as readonly string[]).includes(s);

/** The admin's status form; the server's message is the toast (SPEC §8). */
export function OrderStatusForm({ orderId, current }: { orderId: string; current: string }) {
  const [status, setStatus] = useState(isAdminStatus(current) ? current : '');
  const [tracking, setTracking] = useState('');
  const update = useUpdateOrderStatus();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isAdminStatus(status)) return;
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
            {adminOrderStatuses.map((s) => (
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
      <Button type="submit" disabled={!isAdminStatus(status) || update.isPending}>
        Update Order Status
      </Button>
    </form>
  );
}
