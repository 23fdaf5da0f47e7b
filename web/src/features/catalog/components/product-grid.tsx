import type { ProductCard as Card } from '@contract/catalog';
import { type MouseEvent, type ReactNode, Suspense, useContext } from 'react';
import { useNavigate } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { cardKey, KeptCardsContext } from './kept-cards';
import { ProductCard } from './product-card';

/** History state the product page receives (where the shopper came from). */
export type ProductLinkState = unknown;

const gridClass = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4';

export function ProductGrid({
  products,
  isLoading,
  linkState,
  onAddToCart,
  className,
  skeletons = 8,
  renderAction,
}: {
  products: Card[] | undefined;
  isLoading?: boolean;
  linkState?: ProductLinkState;
  onAddToCart: (product: Card, variant?: { _id: string; totalStock: number }) => void;
  className?: string;
  skeletons?: number;
  /** A control for each card's corner (the page composes other features in). */
  renderAction?: (product: Card) => ReactNode;
}) {
  const followLink = useCardLinks(linkState);
  const keptCard = useContext(KeptCardsContext);
  if (isLoading && !products) {
    return (
      <div
        className={cn(gridClass, className)}
        role="status"
        aria-busy="true"
        aria-label="Loading products"
      >
        {Array.from({ length: skeletons }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={i} className="flex flex-col gap-2">
            <Skeleton className="aspect-[4/5] w-full" />
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ))}
      </div>
    );
  }
  // Its own <Suspense>: the browser hydrates the cards apart from the rest of the page.
  return (
    <Suspense>
      {/* A click on a card's link bubbles here, from the mouse or the keyboard's Enter alike. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the links inside take the keys */}
      <ul className={cn(gridClass, className)} onClick={followLink}>
        {products?.map((product, index) => {
          const card = () => (
            <ProductCard
              product={product}
              onAddToCart={onAddToCart}
              priority={index < 4}
              action={renderAction?.(product)}
            />
          );
          // Cards below the fold are neither laid out nor painted until scrolled near: a phone
          // draws the first screen of a 24-card page without the other twenty.
          const className =
            'flex [contain-intrinsic-block-size:auto_26rem] [content-visibility:auto]';
          // On a page rendered for everyone the server gives a card's HTML as it was rendered
          // before (kept-cards.ts): the same markup, which the browser hydrates as the card.
          // Not the first cards: React names their eager pictures in preload links of the page.
          return keptCard && index >= 4 ? (
            <li
              key={product._id}
              className={className}
              // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own render of the card
              dangerouslySetInnerHTML={{ __html: keptCard(cardKey(product), card) }}
            />
          ) : (
            <li key={product._id} className={className}>
              {card()}
            </li>
          );
        })}
      </ul>
    </Suspense>
  );
}

/**
 * Follows a click on a card's link in the app, as React Router's `Link` would, with the page's
 * history state: one handler for the grid rather than a `Link` (and its five hooks) per link.
 * A click with a modifier key, another button, or on another site's link is the browser's.
 */
function useCardLinks(linkState: ProductLinkState) {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const link = (event.target as Element).closest('a[href]');
    const href = link?.getAttribute('href');
    if (!link || !event.currentTarget.contains(link) || !href?.startsWith('/')) return;
    if ((link.getAttribute('target') ?? '_self') !== '_self') return;
    event.preventDefault();
    navigate(href, { state: linkState });
  };
}
