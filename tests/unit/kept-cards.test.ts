import { type Product, productCardOf } from '@contract/catalog';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { cardKey, KeptCardsContext } from '../../web/src/features/catalog/components/kept-cards';
import { ProductCard } from '../../web/src/features/catalog/components/product-card';
import { ProductGrid } from '../../web/src/features/catalog/components/product-grid';

// A page rendered for everyone gives each product card's HTML as rendered before, by a key of
// what the card shows (kept-cards.ts). Two guards: the key changes whenever the card does,
// and a grid of kept cards is the very markup of a grid rendered in place.

const base: Product = {
  _id: '9f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b',
  image: 'https://shop.example/uploads/coat.webp',
  title: 'Wool Coat',
  description: 'A warm coat.',
  category: 'women',
  brand: 'zara',
  price: 120,
  salePrice: 99.5,
  lowestPrice30Days: 110,
  totalStock: 7,
  averageReview: 4.5,
  variants: [
    { _id: 'a1', size: 'M', color: 'Black', sku: 'COAT-M-BLACK', totalStock: 3 },
    { _id: 'a2', size: 'L', color: 'Navy', sku: 'COAT-L-NAVY', totalStock: 4 },
  ],
  sizes: ['M', 'L'],
  colors: ['Black', 'Navy'],
  colorImages: [],
  sizeChartId: null,
  composition: [{ part: 'Body', fibres: [{ fibre: 'wool', percent: 100 }] }],
  care: null,
  fitSummary: { small: 0, true: 1, large: 0, verdict: null },
} as unknown as Product;

const card = (product: Product, priority: boolean) =>
  renderToString(
    createElement(ProductCard, {
      product: productCardOf(product),
      onAddToCart: () => {},
      priority,
    }),
  );

/** Every field changed in turn, and a few changes inside the lists a card reads. */
function variations(product: Product): [string, Product][] {
  const changed: [string, Product][] = [];
  for (const [field, value] of Object.entries(product)) {
    let next: unknown;
    if (typeof value === 'string') next = `${value}x`;
    else if (typeof value === 'number') next = value + 1;
    else if (value === null) next = field === 'care' ? { wash: '30' } : 5;
    else if (Array.isArray(value)) next = [...value, value[0] ?? 'Olive'];
    else next = { ...(value as object), changed: true };
    changed.push([field, { ...product, [field]: next } as Product]);
  }
  const variants = product.variants;
  changed.push(
    ['one variant', { ...product, variants: variants.slice(0, 1) }],
    ['no variants', { ...product, variants: [], sizes: [], colors: [] }],
    ['sold out', { ...product, totalStock: 0 }],
    ['not on sale', { ...product, salePrice: 0 }],
    ['another colour', { ...product, colors: ['Black', 'Olive'] }],
    ['six colours', { ...product, colors: ['A', 'B', 'C', 'D', 'E', 'F'] }],
    [
      'a variant restocked',
      { ...product, variants: [{ ...variants[0]!, totalStock: 9 }, variants[1]!] },
    ],
  );
  return changed;
}

describe('kept product cards', () => {
  it('have a new key whenever the card would change', () => {
    const before = card(base, false);
    let changes = 0;
    for (const [what, product] of variations(base)) {
      const sameKey = cardKey(productCardOf(product)) === cardKey(productCardOf(base));
      if (sameKey) expect(card(product, false), what).toBe(before);
      else changes += 1;
    }
    // The fields a card shows changed the key (not everything is in it: the description is not).
    expect(changes).toBeGreaterThan(10);
    expect(cardKey(productCardOf({ ...base, description: 'Another text.' }))).toBe(
      cardKey(productCardOf(base)),
    );
  });

  it('make the same grid as cards rendered in place', () => {
    const products = variations(base).map(([, p], i) =>
      productCardOf({ ...p, _id: `${base._id.slice(0, -2)}${i}` }),
    );
    const grid = (kept: boolean) => {
      const seen = new Map<string, string>();
      const keep = (key: string, render: () => Parameters<typeof renderToString>[0]) => {
        asked += 1;
        const html = seen.get(key) ?? renderToString(render());
        seen.set(key, html);
        return html;
      };
      const element = createElement(ProductGrid, { products, onAddToCart: () => {} });
      return renderToString(
        createElement(
          KeptCardsContext,
          { value: kept ? keep : null },
          createElement(StaticRouter, { location: '/shop/listing' }, element),
        ),
      );
    };
    let asked = 0;
    const inPlace = grid(false);
    expect(inPlace).toContain('Wool Coat');
    expect(asked).toBe(0);
    expect(grid(true)).toBe(inPlace);
    // Every card but the first four (their pictures are preloaded by the page) came kept.
    expect(asked).toBe(products.length - 4);
  });
});
