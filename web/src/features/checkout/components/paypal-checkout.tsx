import { MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { type GuestOrderInput, useCreateOrder } from '../api/create-order';
import { useCheckoutInfo } from '../api/get-checkout-info';
import { SandboxNotice } from './sandbox-notice';

type Props = {
  userId: string;
  cartId: string | null;
  itemCount: number;
  addressId: string | undefined;
  /** The method and code the quote on screen was priced with (the code only if it applied). */
  shippingMethodId?: string | undefined;
  discountCode?: string | undefined;
  /** While the quote is being worked out, or when nothing ships to the address. */
  isBlocked?: boolean;
  /**
   * A guest's email and address instead of a saved address (GUEST_CHECKOUT): `check` shows
   * what is missing and says whether to go on; `showError` shows a refusal beside its field.
   */
  guest?: GuestOrderInput & { check: () => boolean; showError: (error: Error) => boolean };
};

/** 'Checkout with Paypal': checks cart and address, creates the order, goes to PayPal. */
export function PayPalCheckout({
  userId,
  cartId,
  itemCount,
  addressId,
  shippingMethodId,
  discountCode,
  isBlocked = false,
  guest,
}: Props) {
  const { data: info } = useCheckoutInfo();
  const createOrder = useCreateOrder();
  const [isRedirecting, setIsRedirecting] = useState(false);

  const checkout = () => {
    if (itemCount === 0) {
      toast.error('Your cart is empty. Please add items to proceed');
      return;
    }
    if (guest ? !guest.check() : !addressId) {
      if (!guest) toast.error('Please select one address to proceed.');
      return;
    }
    createOrder.mutate(
      { userId, cartId, addressId, shippingMethodId, discountCode, guest },
      {
        // The return page needs nothing from this tab: PayPal's token in its URL is enough.
        onSuccess: ({ approvalURL }) => {
          setIsRedirecting(true);
          window.location.assign(approvalURL);
        },
        onError: (error) => {
          if (!guest?.showError(error)) toast.error(error.message);
        },
      },
    );
  };

  const busy = createOrder.isPending || isRedirecting;
  return (
    <div className="flex flex-col gap-3">
      {info?.isSandbox && <SandboxNotice />}
      <Button className="w-full" onClick={checkout} disabled={busy || isBlocked}>
        {busy ? 'Processing Paypal payment...' : 'Checkout with Paypal'}
      </Button>
      {info?.chatUrl && (
        <a
          href={info.chatUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center justify-center gap-2 text-sm font-medium underline underline-offset-4"
        >
          <MessageCircle className="size-4" aria-hidden />
          Questions? Chat with us on WhatsApp
        </a>
      )}
    </div>
  );
}
