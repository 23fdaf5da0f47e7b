import { expect, it } from 'vitest';
import { LineDetails, type ProductDetails } from '../../server/src/modules/cart/line-details';

const product = (id: string, title: string): ProductDetails => ({
  id,
  title,
  image: `/uploads/${id}.webp`,
  priceCents: 2500,
  salePriceCents: 0,
  totalStock: 7,
  category: 'men',
  brand: 'nike',
  variants: id === 'tee' ? [['tee-m', 'M', 'Black', 3, '/uploads/black.webp']] : [],
});

/** A catalogue whose titles the test changes, and the ids each load asked for. */
function catalogue() {
  const titles = new Map([
    ['tee', 'Tee'],
    ['cap', 'Cap'],
  ]);
  const loads: string[][] = [];
  let pause: Promise<void> | undefined;
  const load = async (ids: string[]) => {
    loads.push(ids);
    const rows = ids.flatMap((id) => (titles.has(id) ? [product(id, titles.get(id)!)] : []));
    await pause;
    return rows;
  };
  return { titles, loads, load, holdLoads: (until: Promise<void>) => (pause = until) };
}

const line = (productId: string, variantId: string | null = null) => ({
  cartId: 'cart',
  productId,
  variantId,
  quantity: 1,
});

it('reads each product once, and again only after it changed', async () => {
  const shop = catalogue();
  const details = new LineDetails(shop.load);
  await details.linesOf([line('tee', 'tee-m'), line('cap')]);
  await details.linesOf([line('cap'), line('tee', 'tee-m')]);
  expect(shop.loads).toEqual([['tee', 'cap']]);
  shop.titles.set('cap', 'Cap II');
  details.changed(['CAP']);
  const lines = await details.linesOf([line('tee', 'tee-m'), line('cap')]);
  expect(shop.loads).toEqual([['tee', 'cap'], ['cap']]);
  expect(lines.map((l) => l.title)).toEqual(['Tee', 'Cap II']);
  details.changed();
  await details.linesOf([line('tee', 'tee-m')]);
  expect(shop.loads.at(-1)).toEqual(['tee']);
});

it('answers lines as the cart read joins them: variant, colour picture, gone products and sizes', async () => {
  const details = new LineDetails(catalogue().load);
  const [sized, sizeless, gone, goneSize] = await details.linesOf([
    line('tee', 'tee-m'),
    line('tee'),
    line('hat'),
    line('tee', 'tee-xl'),
  ]);
  expect(sized).toMatchObject({ size: 'M', color: 'Black', variantStock: 3, needsSize: false });
  expect(sized?.colorImage).toBe('/uploads/black.webp');
  expect(sizeless).toMatchObject({ size: null, colorImage: '', needsSize: true, productStock: 7 });
  expect(gone).toMatchObject({ title: null, priceCents: null, needsSize: false });
  expect(goneSize).toMatchObject({ title: 'Tee', size: null, variantStock: null });
});

it('does not keep a read that a change overtook', async () => {
  const shop = catalogue();
  const details = new LineDetails(shop.load);
  let release = () => {};
  shop.holdLoads(new Promise<void>((resolve) => (release = resolve)));
  const reading = details.linesOf([line('cap')]);
  await Promise.resolve();
  details.changed(['cap']);
  release();
  expect((await reading)[0]?.title).toBe('Cap');
  shop.holdLoads(Promise.resolve());
  await details.linesOf([line('cap')]);
  expect(shop.loads).toEqual([['cap'], ['cap']]);
});

it('keeps at most its bound of products, dropping the oldest', async () => {
  const shop = catalogue();
  const details = new LineDetails(shop.load, 1);
  await details.linesOf([line('tee', 'tee-m')]);
  await details.linesOf([line('cap')]);
  await details.linesOf([line('cap')]);
  await details.linesOf([line('tee', 'tee-m')]);
  expect(shop.loads).toEqual([['tee'], ['cap'], ['tee']]);
});
