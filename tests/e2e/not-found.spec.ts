import { expect, signIn, test } from './fixtures';

// An unknown page answers 404 (crawlers see it) and is no dead end: the shop's header, a
// search box and a way home around SPEC's "page doesn't exists".
test('a visitor on an unknown page gets a 404 with a way home', async ({ page }, testInfo) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: "page doesn't exists" })).toBeVisible();
  await expect(
    page.getByRole('banner').getByRole('link', { name: 'The E-Commerce Store' }),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('not-found-visitor.png') });
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('a shopper on an unknown page keeps the shop header and can search from it @phone', async ({
  page,
  shopper,
}, testInfo) => {
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  const response = await page.goto('/shop/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: "page doesn't exists" })).toBeVisible();
  // The shopper's own header: the account menu on desktop, the menu button on phones.
  await expect(
    page.getByRole('button', { name: /Account menu|Toggle header menu/ }).filter({ visible: true }),
  ).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath('not-found-shopper.png') });
  const search = page.getByRole('search').getByRole('searchbox', { name: 'Search Products' });
  await search.fill('denim jacket');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/shop\/search\?keyword=denim\+jacket$/);
  await expect(page.getByRole('searchbox', { name: 'Search Products' })).toHaveValue(
    'denim jacket',
  );
});
