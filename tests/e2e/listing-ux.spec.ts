import { randomBytes } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import { createProduct, expect, signIn, test } from './fixtures';

// The listing and search a new shopper stumbles on: chips for the active filters,
// an empty result that offers to clear them, a category's own heading and title, the phone's
// filter sheet with "Show N products", no stars on an unrated card, and a search that finds
// nothing suggesting the nearest words and popular categories. Desktop at 1366 px and phone.

const shots = process.env.E2E_SCREENSHOTS;
const isPhone = (info: TestInfo) => info.project.name === 'phone';

test.beforeEach(async ({ page }, info) => {
  if (!isPhone(info)) await page.setViewportSize({ width: 1366, height: 900 });
});

/** How many products the API lists for a listing query: the count the page must show. */
async function listedTotal(page: Page, query: string) {
  const res = await page.request.get(`/api/shop/products/get?${query}&sortBy=price-lowtohigh`);
  return ((await res.json()) as { pagination: { total: number } }).pagination.total;
}

/** Ticks a filter box: in the panel beside the results, or on a phone in the filter sheet. */
async function chooseFilter(page: Page, info: TestInfo, name: string, query: string) {
  const panel = page.getByRole('complementary', { name: 'Filters' });
  if (!isPhone(info)) {
    // A click, not check(): the box follows the URL, which changes a moment after the click.
    await panel.getByRole('checkbox', { name, exact: true }).click();
    await expect(panel.getByRole('checkbox', { name, exact: true })).toBeChecked();
    return;
  }
  await panel.getByRole('button', { name: /Show/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet).toBeVisible();
  // The sheet covers the results (a layer over them, not a fold that pushes them down).
  const box = (await sheet.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(380);
  await sheet.getByRole('checkbox', { name, exact: true }).click();
  await expect(sheet.getByRole('checkbox', { name, exact: true })).toBeChecked();
  await expect(page).toHaveURL(new RegExp(query.replace(/[?&]/g, '.')));
  const total = await listedTotal(page, query);
  const show = sheet.getByRole('button', {
    name: `Show ${total} product${total === 1 ? '' : 's'}`,
  });
  await expect(show).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/listing-sheet-390.png` });
  await show.click();
  await expect(sheet).toBeHidden();
  await expect(page.getByText(`${total} Products`, { exact: true })).toBeVisible();
}

test('a category has its own heading and title; chosen filters show as chips that remove themselves or all @phone', async ({
  page,
  shopper,
}, info) => {
  await createProduct(page.request, { category: 'men', brand: 'nike' });
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  await page.goto('/shop/listing?category=men');
  await expect(page.getByRole('heading', { level: 1, name: 'Men' })).toBeVisible();
  await expect(page).toHaveTitle(/^Men · /);
  const chips = page.getByRole('list', { name: 'Active filters' });
  await expect(chips.getByRole('button', { name: 'Remove filter: Men' })).toBeVisible();

  await chooseFilter(page, info, 'Nike', 'category=men&brand=nike');
  await expect(page).toHaveURL(/category=men&brand=nike/);
  await expect(chips.getByRole('button', { name: 'Remove filter: Nike' })).toBeVisible();
  const total = await listedTotal(page, 'category=men&brand=nike');
  await expect(page.getByText(`${total} Products`, { exact: true })).toBeVisible();
  if (shots)
    await page.screenshot({ path: `${shots}/listing-chips-${isPhone(info) ? 390 : 1366}.png` });

  // One chip removes its own value only; the heading stays the category's.
  await chips.getByRole('button', { name: 'Remove filter: Nike' }).click();
  await expect(page).toHaveURL(/\/shop\/listing\?category=men$/);
  await expect(chips.getByRole('button', { name: 'Remove filter: Nike' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Men' })).toBeVisible();

  // Clear all: the whole catalogue, under the spec's heading.
  await chips.getByRole('button', { name: 'Clear all' }).click();
  await expect(page).toHaveURL(/\/shop\/listing$/);
  await expect(chips).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  await expect(page).toHaveTitle(/^All Products · /);
});

test('a listing that matches nothing offers to clear the filters @phone', async ({
  page,
  shopper,
}, info) => {
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  await page.goto('/shop/listing?category=kids&minPrice=9999999');
  await expect(page.getByText('No products match these filters.')).toBeVisible();
  if (shots)
    await page.screenshot({ path: `${shots}/listing-empty-${isPhone(info) ? 390 : 1366}.png` });
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/shop\/listing$/);
  await expect(page.locator('main article').first()).toBeVisible();
  await expect(page.getByText('No products match these filters.')).toBeHidden();
});

test('a product without reviews shows no stars and no "0.00", on its card and its page @phone', async ({
  page,
  shopper,
}, info) => {
  const word = `Unrated${randomBytes(3).toString('hex')}`;
  const product = await createProduct(page.request, { title: `${word} Tee` });
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  await page.goto(`/shop/search?keyword=${word}`);
  const card = page.locator('main article').filter({ hasText: product.title });
  await expect(card).toBeVisible();
  await expect(card.getByRole('img', { name: /^Rated/ })).toHaveCount(0);
  await expect(card.getByText('0.00')).toHaveCount(0);

  await page.goto(`/shop/product/${product._id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: product.title })).toBeVisible();
  await expect(main.getByText('No reviews yet')).toBeVisible();
  await expect(main.getByRole('img', { name: /^Rated/ })).toHaveCount(0);
  await expect(main.getByText('0.00', { exact: true })).toHaveCount(0);
  if (shots)
    await page.screenshot({ path: `${shots}/product-unrated-${isPhone(info) ? 390 : 1366}.png` });
});

test('a search with a typo names the word it searched; one that finds nothing suggests the nearest word and popular categories @phone', async ({
  page,
  shopper,
}, info) => {
  await createProduct(page.request, { title: `Fleece Hoodie ${randomBytes(3).toString('hex')}` });
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  await page.goto('/shop/search');
  const input = page.getByPlaceholder('Search Products...');

  // One swap: corrected, and said so.
  await input.fill('hoodei');
  await expect(page.getByText('Showing results for hoodie')).toBeVisible();
  await expect(page.locator('main article').first()).toBeVisible();

  // Two edits from "hoodie": nothing found, the nearest word offered, in a calm heading.
  await input.fill('huddie');
  const none = page.getByRole('heading', { name: 'No result found!' });
  await expect(none).toBeVisible();
  await expect(none).toHaveCSS('font-weight', '600');
  await expect(page.getByRole('heading', { name: 'Did you mean' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Popular categories' })).toBeVisible();
  const popular = page
    .getByRole('region', { name: 'No result found!' })
    .getByRole('link', { name: 'Men', exact: true });
  await expect(popular).toHaveAttribute('href', '/shop/listing?category=men');
  if (shots)
    await page.screenshot({ path: `${shots}/search-none-${isPhone(info) ? 390 : 1366}.png` });

  await page.getByRole('button', { name: 'hoodie', exact: true }).click();
  await expect(input).toHaveValue('hoodie');
  await expect(page.locator('main article').first()).toBeVisible();
  await expect(none).toBeHidden();

  // A popular category leads to its listing.
  await input.fill('huddie');
  await popular.click();
  await expect(page).toHaveURL(/\/shop\/listing\?category=men$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Men' })).toBeVisible();
});

test('the phone home’s category row shows that it scrolls: the next card peeks in @phone-only', async ({
  page,
  shopper,
}) => {
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  const row = page.getByRole('region', { name: 'Shop by category' }).locator('a');
  await expect(row).toHaveCount(5);
  const width = page.viewportSize()!.width;
  const fourth = (await row.nth(3).boundingBox())!;
  // Cut by the screen's edge, a good part of it showing: there is more to the right.
  expect(fourth.x).toBeLessThan(width - 24);
  expect(fourth.x + fourth.width).toBeGreaterThan(width);
  if (shots) {
    await row.first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/home-categories-390.png` });
  }
});
