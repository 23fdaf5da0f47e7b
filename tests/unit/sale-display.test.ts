import { type Product, productCardOf } from '@contract/catalog';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProductCard } from '../../web/src/features/catalog/components/product-card';
import { productJsonLd } from '../../web/src/ssr/head';

// The card (its price, badge and prior-price line) and the page's JSON-LD announce a reduction
// only against the prior price (Directive 98/6/EC Art. 6a, CJEU C-330/23; contract/prior-price.ts).

const base = {
  _id: '9f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b',
  image: 'https://shop.example/uploads/coat.webp',
  title: 'Wool Coat',
  description: 'A warm coat.',
  category: 'women',
  brand: 'zara',
  price: 80,
  salePrice: 40,
  lowestPrice30Days: 50,
  totalStock: 40,
  averageReview: 0,
  variants: [],
  sizes: [],
  colors: [],
  colorImages: [],
  sizeChartId: null,
  composition: [],
  care: null,
  fitSummary: { small: 0, true: 0, large: 0, verdict: null },
} as unknown as Product;

const text = (product: Product) =>
  renderToString(
    createElement(ProductCard, { product: productCardOf(product), onAddToCart: () => {} }),
  )
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|<!-- -->/g, '')
    .replace(/\s+/g, ' ');

describe('a product card', () => {
  it('strikes through the prior price, not the regular one, with the percentage and the line', () => {
    const shown = text(base);
    expect(shown).toContain('Sale');
    expect(shown).toContain('Was $50.00');
    expect(shown).toContain('Now $40.00');
    expect(shown).toContain('-20%');
    expect(shown).toContain('Lowest price in the 30 days before the reduction: $50.00');
    expect(shown).not.toContain('$80.00');
  });

  it('shows a sale price not below the prior price as the plain price', () => {
    const shown = text({ ...base, salePrice: 64.37, lowestPrice30Days: 55 });
    expect(shown).toContain('$64.37');
    expect(shown).not.toMatch(/Sale|Was|Now|%|Lowest price|\$80\.00|\$55\.00/);
  });
});

describe("a product page's JSON-LD", () => {
  const url = 'https://shop.example/shop/product/x';
  it('gives the prior price as the StrikethroughPrice of a lawful reduction', () => {
    const { offers } = productJsonLd(base, url);
    expect(offers.price).toBe('40.00');
    expect(offers.priceSpecification).toEqual([
      { '@type': 'UnitPriceSpecification', price: '40.00', priceCurrency: 'USD' },
      {
        '@type': 'UnitPriceSpecification',
        price: '50.00',
        priceCurrency: 'USD',
        priceType: 'https://schema.org/StrikethroughPrice',
      },
    ]);
  });

  it('gives no struck-through price for a sale not below the prior price, nor without a sale', () => {
    const notBelow = productJsonLd({ ...base, salePrice: 64.37, lowestPrice30Days: 55 }, url);
    expect(notBelow.offers.price).toBe('64.37');
    expect(JSON.stringify(notBelow)).not.toContain('Strikethrough');
    const plain = productJsonLd({ ...base, salePrice: 0, lowestPrice30Days: null }, url);
    expect(plain.offers.price).toBe('80.00');
    expect(JSON.stringify(plain)).not.toContain('Strikethrough');
  });
});
