import type { ProductCard } from '@contract/catalog';
import { createContext, type ReactElement } from 'react';

/**
 * A card's HTML as the server renderer keeps it (entry-server.tsx): rendered once with
 * `render` and given again for the same card. Only on a page that is the same for everyone,
 * where a card holds nothing personal (the save-for-later heart waits for the session).
 */
export type KeptCardHtml = (key: string, render: () => ReactElement) => string;

export const KeptCardsContext = createContext<KeptCardHtml | null>(null);

/**
 * Everything a product card below the fold shows (product-card.tsx; the first cards, whose
 * pictures load at once, are not kept), and nothing else: two products with the same key draw
 * the same card. `tests/unit/kept-cards.test.ts` changes each field of a product
 * in turn and fails when the card changes while this key does not.
 */
export function cardKey(product: ProductCard) {
  return [
    product._id,
    product.title,
    product.image,
    product.category,
    product.brand,
    product.price,
    product.salePrice,
    product.lowestPrice30Days,
    product.totalStock,
    product.averageReview,
    product.soleVariantId,
    product.sizes.length,
    product.colors.join('\u0000'),
  ].join('\u0001');
}
