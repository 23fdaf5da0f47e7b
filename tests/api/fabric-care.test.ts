import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Care, CompositionPart } from '../../contract/catalog';
import * as renderer from '../../web/src/entry-server';
import { uploadImage } from '../factories/images';
import { callAs, productInput } from '../factories/product-input';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { makeWebRoot } from '../helpers/web-root';

// Fabric and care (issue 28): products carry their fibres by part (each part adding up to 100)
// and five care symbols, shown on the product page and in its JSON-LD; the listing filters by
// main fibre with counts, like its other filters.
let t: TestApp;
let admin: TestUser;
let image: string;
let webRoot: string;
beforeAll(async () => {
  webRoot = makeWebRoot();
  t = await createTestApp({ PUBLIC_STOREFRONT: 'true' }, { webRoot, renderer });
  admin = await makeUser(t, { role: 'admin' });
  image = await uploadImage(t, admin);
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const stretchDenim: CompositionPart[] = [
  {
    part: 'Body',
    fibres: [
      { fibre: 'cotton', percent: 95 },
      { fibre: 'elastane', percent: 5 },
    ],
  },
  { part: 'Pocket lining', fibres: [{ fibre: 'polyester', percent: 100 }] },
];
const gentle: Care = {
  wash: '30',
  bleach: 'no',
  dry: 'line',
  iron: 'medium',
  dryClean: 'no',
};
const add = (body: unknown) => callAs(t, 'POST', '/api/admin/products/add', admin, body);
const edit = (id: string, body: unknown) =>
  callAs(t, 'PUT', `/api/admin/products/edit/${id}`, admin, body);
const detail = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/shop/products/get/${id}` })).json().data;

describe('composition and care', () => {
  it('are kept and answered as sent', async () => {
    const res = await add({
      ...productInput(image),
      composition: stretchDenim,
      care: gentle,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ composition: stretchDenim, care: gentle });
    expect(await detail(res.json().data._id)).toMatchObject({
      composition: stretchDenim,
      care: gentle,
    });
  });

  it('are optional: a body of the spec (and an edit without them) still works', async () => {
    const res = await add(productInput(image));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ composition: [], care: null, sizeChartId: null });
    const product = await makeProduct(t, { composition: stretchDenim, care: gentle });
    const edited = await edit(product._id, productInput(image, { title: 'Renamed jeans' }));
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      title: 'Renamed jeans',
      composition: stretchDenim,
      care: gentle,
    });
    // The original client sends the product back whole, fit summary included.
    const back = await edit(product._id, { ...edited.json().data, image });
    expect(back.statusCode).toBe(200);
  });

  it('are removed with [] and null', async () => {
    const product = await makeProduct(t, { composition: stretchDenim, care: gentle });
    const res = await edit(product._id, { ...productInput(image), composition: [], care: null });
    expect(res.json().data).toMatchObject({ composition: [], care: null });
  });

  it('refuses a composition that does not add up to 100, naming the field', async () => {
    const res = await add({
      ...productInput(image),
      composition: [
        {
          part: '',
          fibres: [
            { fibre: 'cotton', percent: 90 },
            { fibre: 'elastane', percent: 5 },
          ],
        },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'INVALID_INPUT',
      message: 'composition.0.fibres must add up to 100% (they add up to 95%)',
    });
  });

  it.each([
    [
      'a fibre twice in a part',
      [
        {
          part: '',
          fibres: [
            { fibre: 'cotton', percent: 50 },
            { fibre: 'cotton', percent: 50 },
          ],
        },
      ],
      'composition.0.fibres.1.fibre is repeated',
    ],
    [
      'an unknown fibre',
      [{ part: '', fibres: [{ fibre: 'unobtainium', percent: 100 }] }],
      'composition.0.fibres.0.fibre must be one of',
    ],
    [
      'a share of 0',
      [
        {
          part: '',
          fibres: [
            { fibre: 'cotton', percent: 100 },
            { fibre: 'silk', percent: 0 },
          ],
        },
      ],
      'composition.0.fibres.1.percent',
    ],
    [
      'a fractional share',
      [
        {
          part: '',
          fibres: [
            { fibre: 'cotton', percent: 97.5 },
            { fibre: 'elastane', percent: 2.5 },
          ],
        },
      ],
      'composition.0.fibres.0.percent',
    ],
    [
      'two parts, one without a name',
      [
        { part: 'Body', fibres: [{ fibre: 'cotton', percent: 100 }] },
        { part: '', fibres: [{ fibre: 'polyester', percent: 100 }] },
      ],
      'composition.1.part is required when there are several parts',
    ],
    [
      'a part named twice',
      [
        { part: 'Body', fibres: [{ fibre: 'cotton', percent: 100 }] },
        { part: 'body', fibres: [{ fibre: 'polyester', percent: 100 }] },
      ],
      'composition.1.part repeats',
    ],
    [
      'six parts',
      Array.from({ length: 6 }, (_, i) => ({
        part: `P${i}`,
        fibres: [{ fibre: 'cotton', percent: 100 }],
      })),
      'composition must have at most 5 parts',
    ],
    [
      'nine fibres in a part',
      [
        {
          part: '',
          fibres: [
            'cotton',
            'linen',
            'hemp',
            'wool',
            'silk',
            'viscose',
            'modal',
            'lyocell',
            'cupro',
          ].map((fibre) => ({ fibre, percent: 11 })),
        },
      ],
      'composition.0.fibres must have at most 8 fibres',
    ],
  ])('refuses %s', async (_, composition, message) => {
    const res = await add({ ...productInput(image), composition });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('refuses a care symbol that does not exist, or a missing one, naming it', async () => {
    const wrong = await add({ ...productInput(image), care: { ...gentle, wash: '100' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/^care\.wash must be one of/);
    const { iron: _, ...missing } = gentle;
    const short = await add({ ...productInput(image), care: missing });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/^care\.iron/);
  });
});

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

  it('shows the composition and care symbols with their text, and puts them in its JSON-LD', async () => {
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
      'Machine wash at 30 °C',
      'Do not bleach',
      'Line dry',
      'Iron at up to 150 °C',
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
