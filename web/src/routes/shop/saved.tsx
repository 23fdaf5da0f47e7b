import { useAddToCartMutation } from '@/features/cart/api/add-to-cart';
import { SavedList } from '@/features/wishlist/components/saved-list';
import { useAuth } from '@/lib/auth';
import { pageTitle } from '@/lib/shop-settings';

/** `/shop/saved`: the shopper's saved items, which can move to the cart. */
export function Component() {
  const { user } = useAuth();
  const addToCart = useAddToCartMutation();
  return (
    <div className="container mx-auto max-w-3xl px-4 py-8">
      <title>{pageTitle('Saved items')}</title>
      <h1 className="mb-6 text-2xl font-bold">Saved items</h1>
      <SavedList
        onMoveToCart={async (item) => {
          if (!user) return;
          await addToCart.mutateAsync({ userId: user.id, productId: item.productId, quantity: 1 });
        }}
      />
    </div>
  );
}
