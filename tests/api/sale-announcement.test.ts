import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ListingResponse } from '@contract/listing';
import { toCents } from '@contract/money';
import { saleAnnouncement } from '@contract/prior-price';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPriceHistory, products } from '../../server/src/db/schema';
import { uploadImage } from '../factories/images';
import { callAs, productInput } from '../factories/product-input';
import { makeProduct } from '../factories/products';
import { makeUser, type TestUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { eventually } from '../helpers/wait';

// Honest sale prices (Directive 98/6/EC, Art. 6a; CJEU C-330/23 Aldi Süd): a reduction is
// announced against the prior price, and the product's answer, the listing and the "On sale"
// filter (`offer=sale`) tell the same story.

let t: TestApp;
let admin: TestUser;
let image: string;

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shop-sale-')) });
  admin = await makeUser(t, { role: 'admin' });
  image = await uploadImage(t, admin);
});
afterAll(async () => t.close());

const DAY = 24 * 60 * 60 * 1000;

/** [price, sale price (0: none), days ago it took effect], oldest first. */
type Step = [number, number, number];

/** A product (in `brand`, to keep listings small) whose price history is exactly `steps`. */
async function productWithHistory(steps: Step[], brand: 'puma' | 'zara' = 'puma') {
  const [price, salePrice] = steps.at(-1)!;
  const product = await makeProduct(t, { price, salePrice, brand, category: 'kids' });
  await t.db.delete(productPriceHistory).where(eq(productPriceHistory.productId, product._id));
  const now = Date.now();
  await t.db.insert(productPriceHistory).values(
    steps.map(([p, s, daysAgo]) => ({
      productId: product._id,
      priceCents: toCents(p),
      salePriceCents: toCents(s),
      payPriceCents: toCents(s > 0 ? s : p),
      validFrom: new Date(now - daysAgo * DAY),
    })),
  );
  return product._id;
}

const detail = async (id: string) => {
  const res = await t.app.inject({ url: `/api/shop/products/get/${id}` });
  expect(res.statusCode).toBe(200);
  return res.json().data as ListingResponse['data'][number];
};

const listing = async (query: string) => {
  const res = await t.app.inject({ url: `/api/shop/products/get?${query}&limit=100` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ListingResponse;
};

const onSaleIds = async (query = '') =>
  (await listing(`offer=sale&${query}`)).data.map((p) => p._id);

describe('the prior price', () => {
  it('a sale price that rose during a run starts a new reduction, priced over the 30 days before the rise', async () => {
    // $100 for months, $60 from 20 days ago, raised to $70 5 days ago.
    const id = await productWithHistory([
      [100, 0, 90],
      [100, 60, 20],
      [100, 70, 5],
    ]);
    const product = await detail(id);
    expect(product.lowestPrice30Days).toBe(60);
    expect(saleAnnouncement(product)).toBeNull();
    expect(await onSaleIds('category=kids')).not.toContain(id);
  });
});

describe('the answer, the listing and the sale filter agree', () => {
  it('lists as on sale only the reductions that may be announced', async () => {
    const lawful = await productWithHistory(
      [
        [50, 0, 9],
        [50, 40, 2],
      ],
      'zara',
    );
    // $55 within the 30 days before the $64.37 sale: not a reduction.
    const notBelow = await productWithHistory(
      [
        [80, 0, 60],
        [80, 55, 20],
        [80, 0, 15],
        [80, 64.37, 3],
      ],
      'zara',
    );
    const plain = await productWithHistory([[50, 0, 40]], 'zara');
    const whole = await listing('category=kids&brand=zara');
    const byId = new Map(whole.data.map((p) => [p._id, p]));
    expect(byId.get(lawful)?.lowestPrice30Days).toBe(50);
    expect(byId.get(notBelow)?.lowestPrice30Days).toBe(55);
    expect(byId.get(plain)?.lowestPrice30Days).toBeNull();
    const prices = ({ price, salePrice, lowestPrice30Days }: ListingResponse['data'][number]) => ({
      price,
      salePrice,
      lowestPrice30Days,
    });
    for (const id of [lawful, notBelow, plain]) {
      expect(prices(byId.get(id)!)).toEqual(prices(await detail(id)));
    }

    const filtered = await listing('category=kids&brand=zara&offer=sale');
    const announced = whole.data.filter((p) => saleAnnouncement(p) !== null).map((p) => p._id);
    expect(filtered.data.map((p) => p._id).sort()).toEqual(announced.sort());
    expect(announced).toContain(lawful);
    expect(announced).not.toContain(notBelow);
    expect(whole.facets.offer).toEqual({ sale: announced.length });
    expect(filtered.pagination.total).toBe(announced.length);
  });

  it('follow an admin price change at once, and store the prior price with it', async () => {
    const id = await productWithHistory([[80, 0, 60]]);
    const edit = async (salePrice: number) => {
      const res = await callAs(
        t,
        'PUT',
        `/api/admin/products/edit/${id}`,
        admin,
        productInput(image, { price: 80, salePrice, category: 'kids', brand: 'puma' }),
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const stored = async () =>
      (await t.db.select().from(products).where(eq(products.id, id)))[0]!.priorPriceCents;
    expect(await onSaleIds('category=kids')).not.toContain(id);
    expect((await edit(60)).lowestPrice30Days).toBe(80);
    expect(await stored()).toBe(8000);
    expect(await onSaleIds('category=kids')).toContain(id);
    // Raised to $70 within the run: a new reduction against the $60 just charged.
    expect((await edit(70)).lowestPrice30Days).toBe(60);
    expect(await stored()).toBe(6000);
    expect(saleAnnouncement(await detail(id))).toBeNull();
    expect(await onSaleIds('category=kids')).not.toContain(id);
    expect((await edit(0)).lowestPrice30Days).toBeNull();
    expect(await stored()).toBe(0);
  });

  it("follow another writer's price change, read from the history until a write stores it", async () => {
    const id = await productWithHistory([[90, 0, 60]]);
    expect(await onSaleIds('category=kids')).not.toContain(id);
    // As SQL by hand would: the trigger empties the stored prior price, the NOTIFY drops caches.
    await t.db.update(products).set({ salePriceCents: 6000 }).where(eq(products.id, id));
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    expect(row!.priorPriceCents).toBeNull();
    expect(await eventually(async () => (await onSaleIds('category=kids')).includes(id))).toBe(
      true,
    );
    expect((await detail(id)).lowestPrice30Days).toBe(90);
  });
});
