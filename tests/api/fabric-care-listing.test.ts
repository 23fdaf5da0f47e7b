import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gentle, stretchDenim } from '../factories/fabric';
import { callAs, productInput } from '../factories/product-input';
import { makeProduct } from '../factories/products';
import type { TestUser } from '../factories/users';
import { openStorefrontApp } from '../helpers/storefront-app';
import type { TestApp } from '../helpers/test-app';

// Fabric and care (issue 28) where shoppers see it: the listing filters by main fibre with
// counts, like its other filters, and the product page shows fibres and care symbols and puts
// them in its JSON-LD. What the admin may save is in fabric-care.test.ts.
let t: TestApp;
let admin: TestUser;
let image: string;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, admin, image, close } = await openStorefrontApp());
});
afterAll(() => close());

const edit = (id: string, body: unknown) =>
  callAs(t, 'PUT', `/api/admin/products/edit/${id}`, admin, body);

describe('the listing by main fibre', () => {
  it('filters by the largest share of the first part, and counts each fibre', async () => {
    const brand = 'zara';
    const linen = await makeProduct(t, {
      brand,
      composition: [
        {
          part: '',
          fibres: [
            { fibre: 'cotton', percent: 45 },
            { fibre: 'linen', percent: 55 },
          ],
        },
      ],
    });
    const cotton = await makeProduct(t, { brand, composition: stretchDenim });
    const wool = await makeProduct(t, {
      brand,
      category: 'women',
      composition: [
        { part: 'Shell', fibres: [{ fibre: 'wool', percent: 100 }] },
        { part: 'Lining', fibres: [{ fibre: 'cotton', percent: 100 }] },
      ],
    });
    await makeProduct(t, { brand }); // no composition: under no fibre
    const list = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/shop/products/get?${query}` })).json();

    const cottonOnly = await list(`brand=${brand}&fibre=cotton`);
    expect(cottonOnly.data.map((p: { _id: string }) => p._id)).toEqual([cotton._id]);
    const some = await list(`brand=${brand}&fibre=linen,wool`);
    expect(some.data.map((p: { _id: string }) => p._id).sort()).toEqual(
      [linen._id, wool._id].sort(),
    );
    // Each fibre counted under the other filters (its own replaced), no count for "none".
    expect(cottonOnly.facets.fibre).toEqual({ cotton: 1, linen: 1, wool: 1 });
    expect((await list(`brand=${brand}&category=women`)).facets.fibre).toEqual({ wool: 1 });
    // The brand facet counts under the fibre filter.
    expect(cottonOnly.facets.brand[brand]).toBe(1);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/shop/products/get?fibre=gold' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^fibre must be a comma-separated list of/);
  });

  it('files a product again under its new main fibre after an edit', async () => {
    const product = await makeProduct(t, { brand: 'puma', composition: stretchDenim });
    await edit(product._id, {
      ...productInput(image, { brand: 'puma' }),
      composition: [{ part: '', fibres: [{ fibre: 'polyamide', percent: 100 }] }],
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/shop/products/get?brand=puma&fibre=polyamide',
    });
    expect(res.json().data.map((p: { _id: string }) => p._id)).toContain(product._id);
  });
});

describe('the product page', () => {
  const jsonLd = (html: string) =>
    JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? 'null');

  it('shows the composition and care symbols with their text (°F beside °C in a US shop), and puts them in its JSON-LD', async () => {
    const product = await makeProduct(t, {
      title: 'Stretch jeans',
      composition: stretchDenim,
      care: gentle,
    });
    const res = await t.app.inject({ method: 'GET', url: `/shop/product/${product._id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Body: 95% cotton, 5% elastane');
    expect(res.body).toContain('Pocket lining: 100% polyester');
    for (const text of [
      'Machine wash at 30 °C (86 °F)',
      'Do not bleach',
      'Line dry',
      'Iron at up to 150 °C (302 °F)',
      'Do not dry-clean',
    ]) {
      expect(res.body).toContain(text);
    }
    const ld = jsonLd(res.body);
    expect(ld.material).toBe('Body: 95% cotton, 5% elastane; Pocket lining: 100% polyester');
    expect(ld.additionalProperty).toContainEqual({
      '@type': 'PropertyValue',
      name: 'Care',
      value:
        'Machine wash at 30 °C; Do not bleach; Line dry; Iron at up to 150 °C; Do not dry-clean',
    });
  });

  it('says nothing of fabric for a product without it', async () => {
    const product = await makeProduct(t, { title: 'Plain watch' });
    const res = await t.app.inject({ method: 'GET', url: `/shop/product/${product._id}` });
    expect(res.body).not.toContain('Fabric and care');
    expect(jsonLd(res.body)).not.toHaveProperty('material');
  });
});
