import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brands, categories, type Product } from '@contract/catalog';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earlierCuts } from '../../server/src/modules/seed/demo-price-history';
import { createTestApp, type TestApp } from '../helpers/test-app';

let t: TestApp;
let products: Product[];

beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shop-seed-')) });
  await t.app.services.seed.demo();
  products = await t.app.services.catalog.listForAdmin();
}, 120_000);
afterAll(async () => t.close());

describe('the demo catalogue', () => {
  it('has about 60 products across every category and brand', () => {
    expect(products.length).toBeGreaterThanOrEqual(55);
    expect(products.length).toBeLessThanOrEqual(70);
    expect(new Set(products.map((p) => p.category))).toEqual(new Set(categories));
    expect(new Set(products.map((p) => p.brand))).toEqual(new Set(brands));
  });

  it('has about a dozen on sale, a few sold out and a few running low', () => {
    const onSale = products.filter((p) => p.salePrice > 0);
    expect(onSale.length).toBeGreaterThanOrEqual(10);
    expect(onSale.length).toBeLessThanOrEqual(16);
    for (const p of onSale) expect(p.salePrice).toBeLessThan(p.price);
    expect(products.filter((p) => p.totalStock === 0).length).toBeGreaterThanOrEqual(2);
    expect(
      products.filter((p) => p.totalStock > 0 && p.totalStock < 10).length,
    ).toBeGreaterThanOrEqual(3);
  });

  it('has a price history: the 30-day price of a sale is the price, or an earlier cut (Omnibus)', () => {
    const onSale = products.filter((p) => p.salePrice > 0);
    for (const p of products.filter((p) => p.salePrice === 0))
      expect(p.lowestPrice30Days).toBeNull();
    for (const [title, cut] of Object.entries(earlierCuts)) {
      expect(onSale.find((p) => p.title === title)?.lowestPrice30Days).toBe(cut);
    }
    const others = onSale.filter((p) => !(p.title in earlierCuts));
    for (const p of others) expect(p.lowestPrice30Days).toBe(p.price);
  });

  it('has realistic size runs: letter sizes in 2-4 colours, EU shoe sizes, ages, one size', () => {
    const clothing = products.filter((p) => p.category === 'men' || p.category === 'women');
    const lettered = clothing.filter((p) => p.sizes.includes('M'));
    expect(lettered.length).toBeGreaterThan(clothing.length / 2);
    for (const p of clothing) {
      expect(p.colors.length).toBeGreaterThanOrEqual(2);
      expect(p.colors.length).toBeLessThanOrEqual(4);
      expect(p.colorImages.map((i) => i.color)).toEqual(p.colors);
      expect(p.totalStock).toBe(p.variants.reduce((n, v) => n + v.totalStock, 0));
    }
    for (const p of products.filter((p) => p.category === 'footwear')) {
      expect(p.sizes).toEqual(['39', '40', '41', '42', '43', '44', '45']);
    }
    expect(products.find((p) => p.category === 'kids')?.sizes.join(' ')).toMatch(/\dY/);
    const accessories = products.filter((p) => p.category === 'accessories');
    expect(accessories.filter((p) => p.variants.length === 0).length).toBeGreaterThan(
      accessories.length / 2,
    );
    const soldOutSizes = products.filter(
      (p) => p.totalStock > 0 && p.variants.some((v) => v.totalStock === 0),
    );
    expect(soldOutSizes.length).toBeGreaterThanOrEqual(3);
  });

  it('gives every product its own generated WebP picture, served by the shop', async () => {
    expect(new Set(products.map((p) => p.image)).size).toBe(products.length);
    for (const p of products.slice(0, 5)) {
      const res = await t.app.inject({ method: 'GET', url: p.image });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
    }
  });

  it('adds three home banners, their words as text fields rather than painted in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/common/feature/get' });
    const banners = res.json().data;
    expect(banners).toHaveLength(3);
    expect(banners[0]).toMatchObject({
      title: 'Summer Collection',
      buttonLabel: 'Shop women',
      link: '/shop/listing?category=women',
    });
    for (const banner of banners) {
      expect(banner.title).toBeTruthy();
      expect(banner.link).toMatch(/^\/shop\/listing\?category=/);
    }
  });
});
