import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { checkAuthQuery, useAuth } from '@/lib/auth';
import { signInHref } from '@/lib/sign-in';
import { toast } from '@/lib/toast';
import { useAddToCartMutation } from '../api/add-to-cart';
import { cartOwner, useCart } from '../api/get-cart';
import { rememberPendingAdd, takePendingAdd } from '../pending-add';

/**
 * Adds one of a product to the signed-in shopper's cart (or, with GUEST_CHECKOUT, a visitor's
 * guest cart), refusing first on the client what the server would refuse anyway: more than the
 * stock (SPEC §5). Otherwise a visitor (public storefront) is asked to sign in first and
 * brought back; the add is done then (useFinishPendingAdd).
 */
export function useAddToCart() {
  const { user, isLoading } = useAuth();
  const queryClient = useQueryClient();
  const { data: cart } = useCart(user?.id);
  const mutation = useAddToCartMutation();
  const navigate = useNavigate();
  const location = useLocation();

  // With a variant (size/colour), its own line and its own stock count.
  return async (
    product: { _id: string; totalStock: number },
    variant?: { _id: string; totalStock: number },
  ) => {
    const variantId = variant?._id ?? null;
    // A tap on a shared page before the browser knows whose it is waits for the answer.
    const session = isLoading ? await queryClient.ensureQueryData(checkAuthQuery) : undefined;
    const shopper = session ? (session.success ? session.user : null) : user;
    const owner = cartOwner(shopper?.id);
    if (!owner) {
      rememberPendingAdd({ productId: product._id, variantId });
      navigate(signInHref(location.pathname, location.search));
      return;
    }
    const stock = variant ? variant.totalStock : product.totalStock;
    const inCart = cart?.items.find(
      (item) => item.productId === product._id && item.variantId === variantId,
    );
    if (inCart && inCart.quantity + 1 > stock) {
      toast.error(`Only ${inCart.quantity} quantity can be added for this item`);
      return;
    }
    mutation.mutate(
      { userId: owner, productId: product._id, quantity: 1, ...(variantId ? { variantId } : {}) },
      {
        onSuccess: () => toast.success('Product is added to cart'),
        onError: (error) => toast.error(error.message),
      },
    );
  };
}

/** Does the Add to Cart a visitor asked for before signing in, once they are signed in. */
export function useFinishPendingAdd() {
  const { user } = useAuth();
  const mutation = useAddToCartMutation();
  const { mutate } = mutation;
  useEffect(() => {
    if (user?.role !== 'shopper') return;
    const pending = takePendingAdd();
    if (!pending) return;
    mutate(
      {
        userId: user.id,
        productId: pending.productId,
        quantity: 1,
        ...(pending.variantId ? { variantId: pending.variantId } : {}),
      },
      {
        onSuccess: () => toast.success('Product is added to cart'),
        onError: (error) => toast.error(error.message),
      },
    );
  }, [user, mutate]);
}
