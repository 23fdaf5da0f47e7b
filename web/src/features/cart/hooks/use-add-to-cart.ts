import { useAuth } from '@/features/auth/api/check-auth';
import { toast } from '@/lib/toast';
import { useAddToCartMutation } from '../api/add-to-cart';
import { useCart } from '../api/get-cart';

/**
 * Adds one of a product to the signed-in shopper's cart, refusing first on the client what
 * the server would refuse anyway: more than the stock (SPEC §5).
 */
export function useAddToCart() {
  const { user } = useAuth();
  const { data: cart } = useCart(user?.id);
  const mutation = useAddToCartMutation();

  // With a variant (size/colour), its own line and its own stock count.
  return (
    product: { _id: string; totalStock: number },
    variant?: { _id: string; totalStock: number },
  ) => {
    if (!user) return;
    const variantId = variant?._id ?? null;
    const stock = variant ? variant.totalStock : product.totalStock;
    const inCart = cart?.items.find(
      (item) => item.productId === product._id && item.variantId === variantId,
    );
    if (inCart && inCart.quantity + 1 > stock) {
      toast.error(`Only ${inCart.quantity} quantity can be added for this item`);
      return;
    }
    mutation.mutate(
      { userId: user.id, productId: product._id, quantity: 1, ...(variantId ? { variantId } : {}) },
      {
        onSuccess: () => toast.success('Product is added to cart'),
        onError: (error) => toast.error(error.message),
      },
    );
  };
}
