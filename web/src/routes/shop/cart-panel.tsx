import { useAddresses } from '@/features/addresses/api/get-addresses';
import { useCart } from '@/features/cart/api/get-cart';
import { cartKey } from '@/features/cart/cart-key';
import { CartSheet } from '@/features/cart/components/cart-sheet';
import { QuoteEstimate } from '@/features/checkout/components/quote-estimate';
import { useAuth } from '@/lib/auth';

// The header's cart (loaded after the page, header.tsx): the cart sheet with the checkout's
// estimate in it. The estimate mounts only while the sheet is open, so its reads (addresses,
// quote) are made when a shopper looks at the cart, not on every page.

function FirstAddressEstimate() {
  const { user } = useAuth();
  const { data: cart } = useCart(user?.id);
  const { data: addresses } = useAddresses(user?.id);
  return (
    <QuoteEstimate
      userId={user?.id}
      address={addresses?.[0]}
      cartKey={cartKey(cart?.items ?? [])}
    />
  );
}

export function CartPanel() {
  return <CartSheet estimate={<FirstAddressEstimate />} />;
}
