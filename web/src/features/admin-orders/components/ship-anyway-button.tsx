import type { Order } from '@contract/orders';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useCan } from '@/lib/auth';
import { toastAnswer } from '@/lib/toast';
import { useShipOverride } from '../api/ship-override';

/**
 * "Ship anyway" for an order a dispute or chargeback holds, asked twice: goods sent now are
 * likely lost with the money. Offered only to those the server lets do it (orders.refund).
 */
export function ShipAnywayButton({ order }: { order: Order }) {
  const [isAsking, setAsking] = useState(false);
  const override = useShipOverride();
  const canOverride = useCan('orders.refund');
  if (!canOverride) return null;
  return (
    <>
      <Button
        type="button"
        variant="outline"
        className="w-full sm:w-auto"
        disabled={override.isPending}
        onClick={() => setAsking(true)}
      >
        Ship anyway
      </Button>
      <ConfirmDialog
        open={isAsking}
        title="Ship this order anyway?"
        description={
          order.reversedAmount > 0
            ? 'PayPal has charged this payment back. Goods shipped now are usually lost along with the money. Your name and the time are recorded.'
            : 'The buyer has an open dispute at PayPal. Goods shipped before it is settled may be lost along with the money. Your name and the time are recorded.'
        }
        confirmLabel="Ship anyway"
        onClose={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          toastAnswer(override.mutateAsync(order._id));
        }}
      />
    </>
  );
}
