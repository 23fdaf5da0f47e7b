import { MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { type GuestOrderInput, isPricesChanged, useCreateOrder } from '../api/create-order';
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
  /** The quote's total on screen: the order is made only at this total (else a 409 says why). */
  expectedTotal?: number | undefined;
  /** The total moved: what else shows prices (the cart's lines) is asked again. */
  onPricesChanged?: () => void;
  /** While the quote is being worked out, when nothing ships there or it costs too much. */
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
  expectedTotal,
  onPricesChanged,
  isBlocked = false,
  guest,
}: Props) {
  const { data: info } = useCheckoutInfo();
  const createOrder = useCreateOrder();
  const [isRedirecting, setIsRedirecting] = useState(false);
  // Shown until the next click: the quote above has meanwhile been asked again.
  const [priceNotice, setPriceNotice] = useState('');

  const checkout = () => {
    if (itemCount === 0) {
      toast.error('Your cart is empty. Please add items to proceed');
      return;
    }
    if (guest ? !guest.check() : !addressId) {
      if (!guest) toast.error('Please select one address to proceed.');
      return;
    }
    setPriceNotice('');
    createOrder.mutate(
      { userId, cartId, addressId, shippingMethodId, discountCode, expectedTotal, guest },
      {
        // The return page needs nothing from this tab: PayPal's token in its URL is enough.
        onSuccess: ({ approvalURL }) => {
          setIsRedirecting(true);
          window.location.assign(approvalURL);
        },
        onError: (error) => {
          if (isPricesChanged(error)) {
            setPriceNotice(`${error.message}. Check the new total, then pay again.`);
            onPricesChanged?.();
            return;
          }
          if (!guest?.showError(error)) toast.error(error.message);
        },
      },
    );
  };

  const busy = createOrder.isPending || isRedirecting;
  return (
    <div className="flex flex-col gap-3">
      {info?.isSandbox && <SandboxNotice />}
      {priceNotice && (
        <p
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
        >
          {priceNotice}
        </p>
      )}
      <Button
        className="w-full"
        onClick={checkout}
        disabled={busy || isBlocked}
        aria-describedby={!guest && !addressId ? 'checkout-no-address' : undefined}
      >
        {busy ? 'Processing Paypal payment...' : 'Checkout with Paypal'}
      </Button>
      {!guest && !addressId && (
        <p id="checkout-no-address" className="text-center text-sm text-muted-foreground">
          Choose a delivery address above to pay.
        </p>
      )}
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
