import { productCardSchema, productSchema } from '@contract/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gentle, stretchDenim } from '../factories/fabric';
import { makeProduct } from '../factories/products';
import { openStorefrontApp } from '../helpers/storefront-app';
import type { TestApp } from '../helpers/test-app';

// Listings and searches give each product as its card (issue 50): what a card shows, the spec's
// product fields among it, and the one variant its "Add to cart" adds. Variants, composition,
// care and the fit summary stay on the product's own answer, so 24 cards fit in 12 KB.
let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, close } = await openStorefrontApp());
});
afterAll(() => close());

const sizes = ['XS', 'S', 'M', 'L', 'XL'];
const specFields = [
  '_id',
  'image',
  'title',
  'description',
  'category',
  'brand',
  'price',
  'salePrice',
  'totalStock',
  'averageReview',
];

describe('a listing answer', () => {
  it('gives 24 sized products with fabric and care in at most 12 KB, each as its card', async () => {
    const brand = 'levi';
    for (let i = 0; i < 24; i++) {
      await makeProduct(t, {
        brand,
        title: `Relaxed organic cotton tee ${i}`,
        description: 'Relaxed cotton tee in sand, made for everyday wear and easy layering.',
        composition: stretchDenim,
        care: gentle,
        variants: sizes.flatMap((size) =>
          ['Sand', 'Black'].map((color) => ({ size, color, totalStock: 4 })),
        ),
      });
    }
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/shop/products/get?brand=${brand}&limit=24`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.byteLength).toBeLessThanOrEqual(12 * 1024);
    const { data } = res.json();
    expect(data).toHaveLength(24);
    for (const card of data) {
      expect(Object.keys(card)).toEqual(Object.keys(productCardSchema.shape));
      expect(productCardSchema.strict().safeParse(card).success).toBe(true);
      for (const field of specFields) expect(card).toHaveProperty(field);
      expect(card).toMatchObject({ sizes, colors: ['Sand', 'Black'], soleVariantId: null });
    }
    // The product's own answer keeps everything.
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/shop/products/get/${data[0]._id}`,
    });
    const product = productSchema.parse(page.json().data);
    expect(product.variants).toHaveLength(10);
    expect(product.care).toEqual(gentle);
  });

  it("names the variant a card adds when there is only one, in the search's cards too", async () => {
    const title = 'Quokka silk scarf';
    const one = await makeProduct(t, {
      brand: 'zara',
      title,
      variants: [{ color: 'Ivory', totalStock: 3 }],
    });
    const none = await makeProduct(t, { brand: 'zara', title: 'Quokka leather belt' });
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/shop/products/get?brand=zara&limit=100' })
    ).json().data;
    const found = (
      await t.app.inject({ method: 'GET', url: `/api/shop/search/${encodeURIComponent('quokka')}` })
    ).json().data;
    for (const cards of [listed, found]) {
      const byId = new Map(cards.map((c: { _id: string }) => [c._id, c]));
      expect(byId.get(one._id)).toMatchObject({
        soleVariantId: one.variants[0]!._id,
        colors: ['Ivory'],
        totalStock: 3,
      });
      expect(byId.get(none._id)).toMatchObject({ soleVariantId: null, sizes: [], colors: [] });
      expect(byId.get(one._id)).not.toHaveProperty('variants');
    }
  });
});
