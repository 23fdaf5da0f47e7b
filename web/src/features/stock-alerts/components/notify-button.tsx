import { BellRing } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { useStockAlertMutation, useStockAlerts } from '../api/stock-alerts';

type Stocked = { _id: string; totalStock: number };

/**
 * "Email me when it's back" on a sold-out product, or on the chosen size when that one is sold
 * out: a toggle (aria-pressed).
 */
export function NotifyButton({ product, variant }: { product: Stocked; variant?: Stocked }) {
  const { user } = useAuth();
  const { data: alerts } = useStockAlerts();
  const mutation = useStockAlertMutation();
  if (!user || (variant ?? product).totalStock > 0) return null;
  const variantId = variant?._id ?? null;
  const waiting =
    alerts?.some((a) => a.productId === product._id && a.variantId === variantId) ?? false;
  const toggle = () =>
    mutation.mutate(
      { productId: product._id, variantId, wait: !waiting },
      {
        onSuccess: () =>
          toast.success(
            waiting ? 'You will not be emailed' : 'We will email you when it is back in stock',
          ),
        onError: (error) => toast.error(error.message),
      },
    );
  return (
    <Button
      variant={waiting ? 'secondary' : 'outline'}
      aria-pressed={waiting}
      disabled={mutation.isPending || !alerts}
      onClick={toggle}
    >
      <BellRing aria-hidden />
      {waiting ? "We'll email you when it's back" : "Email me when it's back"}
    </Button>
  );
}
