import { type Product, productCardOf } from '@contract/catalog';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProductCard } from '../../web/src/features/catalog/components/product-card';

// An unrated card shows no stars (five empty ones and "0.00" read as a bad rating);
// a rated one shows its stars and average with two decimals.
const product = {
  _id: '9f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b',
  image: 'https://shop.example/uploads/tee.webp',
  title: 'Plain Tee',
  description: 'A tee.',
  category: 'men',
  brand: 'nike',
  price: 20,
  salePrice: 0,
  lowestPrice30Days: null,
  totalStock: 5,
  averageReview: 0,
  variants: [],
  sizes: [],
  colors: [],
  colorImages: [],
} as unknown as Product;

const card = (averageReview: number) =>
  renderToString(
    createElement(ProductCard, {
      product: productCardOf({ ...product, averageReview }),
      onAddToCart: () => {},
    }),
  );

describe('a product card', () => {
  it('shows no stars and no average without reviews', () => {
    const html = card(0);
    expect(html).not.toContain('Rated');
    expect(html).not.toMatch(/>0\.00</); // an average alone, not the price $20.00
  });

  it('shows the stars and the average of a rated product', () => {
    const html = card(4.5);
    expect(html).toContain('aria-label="Rated 4.50 out of 5"');
    expect(html).toMatch(/>4\.50</);
  });
});
