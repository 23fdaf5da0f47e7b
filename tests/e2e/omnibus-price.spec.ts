import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createProduct, expect, setSalePrice, signIn, test } from './fixtures';

// Honest sale prices (Directive 98/6/EC Art. 6a; CJEU C-330/23 Aldi Süd): a reduction is shown
// against the prior price, the lowest of the 30 days before it, on the card and the page; a
// sale price not below it shows as the plain price. On a desktop and a phone.
const shots = process.env.E2E_SCREENSHOTS;

/** The widths the shop is drawn for: 1280 px, and a 390 px phone. */
async function setWidth(page: Page, project: string) {
  const wide = project === 'desktop' ? 1280 : 390;
  await page.setViewportSize({ width: wide, height: wide === 390 ? 844 : 800 });
  return wide;
}

test('a reduction shows its prior price struck through, its percentage and the prior-price line @phone', async ({
  page,
  request,
  shopper,
}, testInfo) => {
  const wide = await setWidth(page, testInfo.project.name);
  const title = `Omnibus Coat ${randomBytes(3).toString('hex')}`;
  let product = await createProduct(request, { title, price: 80, salePrice: 0 });
  product = await setSalePrice(product, 60);
  expect(product.lowestPrice30Days).toBe(80);
  const line = 'Lowest price in the 30 days before the reduction: $80.00';

  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  await page.goto('/shop/listing?minPrice=60&maxPrice=60&offer=sale');
  const card = page.locator('main article').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('Sale', { exact: true })).toBeVisible();
  await expect(card.getByText('-25%')).toBeVisible();
  await expect(card.getByText(line)).toBeVisible();
  // The struck price is the prior price, and the line sits under the prices, inside the card.
  await expect(card.locator('.line-through')).toHaveText('Was $80.00');
  const prices = await card.getByText('$60.00').boundingBox();
  const lowest = await card.getByText(line).boundingBox();
  const box = (await card.boundingBox())!;
  expect(lowest!.y).toBeGreaterThan(prices!.y);
  expect(lowest!.x + lowest!.width).toBeLessThanOrEqual(box.x + box.width + 1);
  if (shots) await card.screenshot({ path: `${shots}/omnibus-card-${wide}.png` });

  await page.goto(`/shop/product/${product._id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: title })).toBeVisible();
  await expect(main.getByText(line)).toBeVisible();
  await expect(main.getByText('-25%')).toBeVisible();
  await expect(main.getByText('Sale', { exact: true })).toBeVisible();
  // Search engines read the prior price as the struck-through one (where the shop is public).
  const jsonLd = page.locator('script[type="application/ld+json"]');
  if ((await jsonLd.count()) > 0) {
    const { offers } = JSON.parse((await jsonLd.textContent()) ?? '{}');
    expect(offers.priceSpecification).toContainEqual(
      expect.objectContaining({
        priceType: 'https://schema.org/StrikethroughPrice',
        price: '80.00',
      }),
    );
  }
  if (shots)
    await page.screenshot({ path: `${shots}/omnibus-product-${wide}.png`, fullPage: true });

  // The sale ends: the line and the badge go with it.
  await setSalePrice(product, 0);
  await page.reload();
  await expect(main.getByRole('heading', { name: title })).toBeVisible();
  await expect(main.getByText(/Lowest price in the 30 days/)).toHaveCount(0);
});

test('a sale price not below the prior price shows as the plain price @phone', async ({
  page,
  request,
  shopper,
}, testInfo) => {
  const wide = await setWidth(page, testInfo.project.name);
  const title = `Omnibus Scarf ${randomBytes(3).toString('hex')}`;
  let product = await createProduct(request, { title, price: 80, salePrice: 0 });
  // A short cut to $55, back to $80, then $64.37: $55 was charged within the 30 days before
  // this reduction, so $64.37 is no reduction at all.
  product = await setSalePrice(product, 55);
  product = await setSalePrice(product, 0);
  product = await setSalePrice(product, 64.37);
  expect(product.lowestPrice30Days).toBe(55);

  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  await page.goto('/shop/listing?minPrice=64&maxPrice=65');
  const card = page.locator('main article').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('$64.37')).toBeVisible();
  await expect(card.getByText(/Lowest price|%|\$80\.00|\$55\.00/)).toHaveCount(0);
  await expect(card.getByText('Sale', { exact: true })).toHaveCount(0);
  await expect(card.locator('.line-through')).toHaveCount(0);
  if (shots) await card.screenshot({ path: `${shots}/omnibus-plain-card-${wide}.png` });
  // Not in the "On sale" filter either.
  await page.goto('/shop/listing?minPrice=64&maxPrice=65&offer=sale');
  await expect(page.locator('main article').filter({ hasText: title })).toHaveCount(0);

  await page.goto(`/shop/product/${product._id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: title })).toBeVisible();
  await expect(main.getByText('$64.37')).toBeVisible();
  await expect(main.getByText(/Lowest price|\$80\.00|\$55\.00/)).toHaveCount(0);
  await expect(main.getByText('Sale', { exact: true })).toHaveCount(0);
  if (shots)
    await page.screenshot({ path: `${shots}/omnibus-plain-product-${wide}.png`, fullPage: true });
});
