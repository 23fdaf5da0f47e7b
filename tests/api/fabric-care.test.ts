import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gentle, stretchDenim } from '../factories/fabric';
import { callAs, productInput } from '../factories/product-input';
import { makeProduct } from '../factories/products';
import type { TestUser } from '../factories/users';
import { openStorefrontApp } from '../helpers/storefront-app';
import type { TestApp } from '../helpers/test-app';

// Fabric and care (issue 28): products carry their fibres by part (each part adding up to 100)
// and five care symbols. Where shoppers see them (the listing by main fibre, the product page)
// is in fabric-care-listing.test.ts.
let t: TestApp;
let admin: TestUser;
let image: string;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, admin, image, close } = await openStorefrontApp());
});
afterAll(() => close());

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
