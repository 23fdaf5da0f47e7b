import type { SizeChartBody } from '@contract/size-charts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadImage } from '../factories/images';
import { callAs, productInput } from '../factories/product-input';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, startSecondInstance, type TestApp } from '../helpers/test-app';
import { eventually, settle } from '../helpers/wait';

// Size charts (issue 28): admin CRUD at /api/admin/size-charts, a product pointing at one, its
// page's answer carrying it, and a chart's edit or removal reaching every instance's cache.
let t: TestApp;
let other: Awaited<ReturnType<typeof startSecondInstance>>;
let admin: TestUser;
let shopper: TestUser;
let image: string;
beforeAll(async () => {
  t = await createTestApp();
  other = await startSecondInstance(t);
  admin = await makeUser(t, { role: 'admin' });
  shopper = await makeUser(t);
  image = await uploadImage(t, admin);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

let counter = 0;
const chart = (overrides: Partial<SizeChartBody> = {}): SizeChartBody => ({
  name: `Men's tops ${++counter}`,
  unit: 'cm',
  columns: ['Chest', 'Waist'],
  rows: [
    { size: 'S', values: [[88, 96], 78] },
    { size: 'M', values: [[96, 104], 86] },
    { size: 'L', values: [[104, 112], null] },
  ],
  howToMeasure: 'Chest: around the fullest part.',
  ...overrides,
});
const base = '/api/admin/size-charts';
const addChart = async (body: unknown = chart()) => callAs(t, 'POST', `${base}/add`, admin, body);
const editChart = (id: string, body: unknown) =>
  callAs(t, 'PUT', `${base}/edit/${id}`, admin, body);
const productPage = async (app: TestApp['app'], id: string) =>
  (await app.inject({ method: 'GET', url: `/api/shop/products/get/${id}` })).json().data;

describe('size charts', () => {
  it('are added, listed, edited and deleted by an admin, in cm', async () => {
    const body = chart({ name: 'Women’s jeans' });
    const added = await addChart(body);
    expect(added.statusCode).toBe(201);
    const { _id, ...rest } = added.json().data;
    expect(rest).toEqual(body);
    expect(added.json().message).toBe('Size chart added');

    const list = (await callAs(t, 'GET', `${base}/get`, admin)).json().data;
    expect(list.map((c: { _id: string }) => c._id)).toContain(_id);

    const edited = await editChart(_id, { ...body, columns: ['Waist', 'Hip'] });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.columns).toEqual(['Waist', 'Hip']);

    const deleted = await callAs(t, 'DELETE', `${base}/delete/${_id}`, admin);
    expect(deleted.json()).toEqual({ success: true, message: 'Size chart deleted' });
    expect((await callAs(t, 'DELETE', `${base}/delete/${_id}`, admin)).statusCode).toBe(404);
    expect((await editChart('not-an-id', body)).statusCode).toBe(404);
  });

  it('refuse shoppers and signed-out callers before reading the body', async () => {
    for (const [method, url] of [
      ['GET', `${base}/get`],
      ['POST', `${base}/add`],
      ['PUT', `${base}/edit/x`],
      ['DELETE', `${base}/delete/x`],
    ] as const) {
      // A body no schema takes: the guard answers first.
      expect((await callAs(t, method, url, undefined, { nonsense: 1 })).statusCode).toBe(401);
      expect((await callAs(t, method, url, shopper, { nonsense: 1 })).statusCode).toBe(403);
    }
  });

  it.each([
    [
      'a row without a value per column',
      { rows: [{ size: 'S', values: [90] }] },
      'rows.0.values must have one value per measurement (2)',
    ],
    [
      'a repeated size',
      {
        rows: [
          { size: 'M', values: [1, 2] },
          { size: 'm', values: [1, 2] },
        ],
      },
      'rows.1.size repeats size "m"',
    ],
    ['a range upside down', { rows: [{ size: 'S', values: [[96, 88], 70] }] }, 'rows.0.values.0'],
    ['inches', { unit: 'in' }, 'unit'],
    ['a negative measurement', { rows: [{ size: 'S', values: [-1, 2] }] }, 'rows.0.values.0'],
    ['two decimals', { rows: [{ size: 'S', values: [90.25, 2] }] }, 'rows.0.values.0'],
    ['no columns', { columns: [] }, 'columns'],
    ['a repeated column', { columns: ['Chest', 'chest'] }, 'columns.1'],
    ['nine columns', { columns: Array.from({ length: 9 }, (_, i) => `C${i}`) }, 'columns'],
    [
      'forty-one sizes',
      { rows: Array.from({ length: 41 }, (_, i) => ({ size: `S${i}`, values: [1, 2] })) },
      'rows',
    ],
    ['a long name', { name: 'x'.repeat(81) }, 'name'],
    ['an unknown key', { colour: 'red' }, 'colour'],
  ])('refuse %s, naming the field', async (_, overrides, field) => {
    const res = await addChart({ ...chart(), ...overrides });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
  });

  it('keep names unique, whatever the case', async () => {
    await addChart(chart({ name: 'Kids by age' }));
    const again = await addChart(chart({ name: 'KIDS BY AGE' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^name: /);
  });
});

describe('a product with a size chart', () => {
  it("carries the chart in its own answer, its id in the admin's, and neither in listings", async () => {
    const { _id: chartId } = (await addChart()).json().data;
    const res = await callAs(t, 'POST', '/api/admin/products/add', admin, {
      ...productInput(image, { title: 'Charted tee' }),
      sizeChartId: chartId,
    });
    expect(res.statusCode).toBe(201);
    const product = res.json().data;
    expect(product.sizeChartId).toBe(chartId);
    expect(product).not.toHaveProperty('sizeChart');
    const page = await productPage(t.app, product._id);
    expect(page.sizeChart).toMatchObject({ _id: chartId, unit: 'cm', columns: ['Chest', 'Waist'] });
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/shop/products/get?brand=levi&limit=100' })
    )
      .json()
      .data.find((p: { _id: string }) => p._id === product._id);
    // A card shows no chart (issue 50): the product page reads it.
    expect(listed).toMatchObject({ _id: product._id, title: 'Charted tee' });
    expect(listed).not.toHaveProperty('sizeChartId');
    expect(listed).not.toHaveProperty('sizeChart');
    // A product without one answers null.
    const plain = await makeProduct(t);
    expect((await productPage(t.app, plain._id)).sizeChart).toBeNull();
  });

  it('is refused when the chart does not exist, naming sizeChartId', async () => {
    for (const sizeChartId of ['00000000-0000-4000-8000-000000000000', 'not-a-chart']) {
      const res = await callAs(t, 'POST', '/api/admin/products/add', admin, {
        ...productInput(image),
        sizeChartId,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('sizeChartId: no such size chart');
    }
  });

  it('keeps its chart on an edit without sizeChartId, and loses it with null', async () => {
    const { _id: chartId } = (await addChart()).json().data;
    const product = await makeProduct(t, { sizeChartId: chartId });
    const body = productInput(image, { title: 'Edited' });
    await callAs(t, 'PUT', `/api/admin/products/edit/${product._id}`, admin, body);
    expect((await productPage(t.app, product._id)).sizeChartId).toBe(chartId);
    await callAs(t, 'PUT', `/api/admin/products/edit/${product._id}`, admin, {
      ...body,
      sizeChartId: null,
    });
    expect((await productPage(t.app, product._id)).sizeChart).toBeNull();
  });

  it('shows an edited chart at once on this instance and on another', async () => {
    const { _id: chartId } = (await addChart()).json().data;
    const product = await makeProduct(t, { sizeChartId: chartId });
    const elsewhere = await makeProduct(t);
    // The NOTIFYs of their creation first: one heard after the reads below would drop the
    // product before `cachedBefore` is counted, and the edit would then drop nothing.
    await settle();
    // Both instances hold the product's answer in their caches.
    expect((await productPage(t.app, product._id)).sizeChart.columns).toEqual(['Chest', 'Waist']);
    expect((await productPage(other, product._id)).sizeChart.columns).toEqual(['Chest', 'Waist']);
    await productPage(t.app, elsewhere._id);
    await settle();
    const cachedBefore = t.app.services.productJson.size;

    const res = await editChart(chartId, chart({ columns: ['Bust', 'Hip'] }));
    expect(res.statusCode).toBe(200);
    await settle();
    // Only the chart's product was dropped (here, and by the NOTIFY naming it).
    expect(t.app.services.productJson.size).toBe(cachedBefore - 1);
    expect((await productPage(t.app, product._id)).sizeChart.columns).toEqual(['Bust', 'Hip']);
    expect(
      await eventually(
        async () => (await productPage(other, product._id)).sizeChart.columns[0] === 'Bust',
      ),
    ).toBe(true);
  });

  it('loses its chart when the chart is deleted, on every instance', async () => {
    const { _id: chartId } = (await addChart()).json().data;
    const product = await makeProduct(t, { sizeChartId: chartId });
    expect((await productPage(other, product._id)).sizeChartId).toBe(chartId);
    await callAs(t, 'DELETE', `${base}/delete/${chartId}`, admin);
    expect(await productPage(t.app, product._id)).toMatchObject({
      sizeChartId: null,
      sizeChart: null,
    });
    expect(
      await eventually(async () => (await productPage(other, product._id)).sizeChartId === null),
    ).toBe(true);
  });
});
