import { infoPages } from '@contract/info-page-list';
import type { Page } from '@playwright/test';
import { admin, createProduct, expect, signIn, test } from './fixtures';
import { watch } from './page-watch';

// Every page of a shopper's and an admin's journey loads, hydrates and settles without a
// console error or a breach of the Content-Security-Policy (a refused eval included).

async function visitAll(page: Page, urls: string[]) {
  const watched = await watch(page);
  const seen: Record<string, string[]> = {};
  for (const url of urls) {
    const before = watched.errors.length;
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    // Forms validate on input: a keystroke into the first field runs the page's schema code.
    const field = page.locator('main input:not([type=hidden]):visible').first();
    if (await field.count()) await field.press('a');
    await page.waitForTimeout(150);
    const errors = watched.errors.slice(before);
    if (errors.length) seen[url] = errors;
  }
  return seen;
}

test('a shopper’s pages show no console error @phone', async ({ page, request, shopper }) => {
  const product = await createProduct(request, { title: 'Quiet Tee', category: 'men', price: 20 });
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  await page.goto(`/shop/product/${product._id}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Product is added to cart')).toBeVisible();

  const seen = await visitAll(page, [
    '/shop/home',
    '/shop/listing?category=men',
    '/shop/search?keyword=tee',
    `/shop/product/${product._id}`,
    '/shop/checkout',
    '/shop/account',
    '/shop/saved',
    '/shop/order/lookup',
    // An order link that names no order (mistyped, or cut by a mail program).
    '/shop/order/not-a-real-link-token',
    '/shop/order/withdraw',
    '/shop/order/privacy',
    ...infoPages.map((info) => `/pages/${info.slug}`),
  ]);
  expect(seen).toEqual({});
});

test('an admin’s pages show no console error', async ({ page }) => {
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const seen = await visitAll(page, [
    '/admin/dashboard',
    '/admin/products',
    '/admin/size-charts',
    '/admin/orders',
    '/admin/features',
    '/admin/shipping',
    '/admin/taxes',
    '/admin/discounts',
    '/admin/returns',
    '/admin/audit',
    '/admin/import-export',
    '/admin/customers',
    '/admin/staff',
  ]);
  expect(seen).toEqual({});
});
