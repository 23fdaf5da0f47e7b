import { randomBytes } from 'node:crypto';
import type { Product } from '@contract/catalog';
import { asAdmin, createProduct, expect, signIn, test } from './fixtures';

// Issue 26, the EU Omnibus rule: a sale price shows the lowest price paid in the 30 days
// before the reduction, on the product's card and on its page, on a desktop and a phone.
const shots = process.env.E2E_SCREENSHOTS;

/** The admin sets a sale price, as the product editor would (the product sent back whole). */
async function setSalePrice(product: Product, salePrice: number): Promise<Product> {
  return asAdmin(async (ctx) => {
    const res = await ctx.put(`/api/admin/products/edit/${product._id}`, {
      data: { ...product, salePrice },
    });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).data as Product;
  });
}

test('a sale shows the lowest price of the 30 days before it on the card and the page @phone', async ({
  page,
  request,
  shopper,
}, testInfo) => {
  // The widths the shop is drawn for: 1280 px, and a 390 px phone.
  const wide = testInfo.project.name === 'desktop' ? 1280 : 390;
  await page.setViewportSize({ width: wide, height: wide === 390 ? 844 : 800 });
  const title = `Omnibus Coat ${randomBytes(3).toString('hex')}`;
  let product = await createProduct(request, { title, price: 80, salePrice: 0 });
  // A short cut to $55, back to $80, then the current sale at $64.37: $55 was paid within the
  // 30 days before this reduction, so it is the price to show.
  product = await setSalePrice(product, 55);
  product = await setSalePrice(product, 0);
  product = await setSalePrice(product, 64.37);
  expect(product.lowestPrice30Days).toBe(55);
  const line = 'Lowest price in the last 30 days: $55.00';

  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  await page.goto('/shop/listing?minPrice=64&maxPrice=65');
  const card = page.locator('main article').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.getByText(line)).toBeVisible();
  // Under the prices, not beside them: the struck price, the sale price, then the line.
  const prices = await card.getByText('$64.37').boundingBox();
  const lowest = await card.getByText(line).boundingBox();
  expect(lowest!.y).toBeGreaterThan(prices!.y);
  expect(lowest!.x + lowest!.width).toBeLessThanOrEqual(
    (await card.boundingBox())!.x + (await card.boundingBox())!.width + 1,
  );
  if (shots)
    await page.screenshot({ path: `${shots}/omnibus-listing-${wide}.png`, fullPage: true });

  await page.goto(`/shop/product/${product._id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: title })).toBeVisible();
  await expect(main.getByText(line)).toBeVisible();
  if (shots)
    await page.screenshot({ path: `${shots}/omnibus-product-${wide}.png`, fullPage: true });

  // The sale ends: the line goes with it.
  await setSalePrice(product, 0);
  await page.reload();
  await expect(main.getByRole('heading', { name: title })).toBeVisible();
  await expect(main.getByText(/Lowest price in the last 30 days/)).toHaveCount(0);
});
