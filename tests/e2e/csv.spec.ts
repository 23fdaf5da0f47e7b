import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import {
  admin,
  createProduct,
  e2eBaseURL,
  expect,
  signIn,
  test,
  waitForHydration,
} from './fixtures';

const shots = process.env.E2E_SHOTS_DIR ?? 'test-results/csv';

const header =
  'product sku,title,description,category,brand,price,sale price,image,variant sku,size,colour,colour image,stock';

test('the admin exports products, fixes a bad row the check found, imports, and the shop shows it', async ({
  page,
  request,
  browser,
  shopper,
}) => {
  const existing = await createProduct(request, {
    title: `Exported tee ${randomBytes(3).toString('hex')}`,
  });
  const word = `Csvimported${randomBytes(3).toString('hex')}`;
  await signIn(page, admin);
  // Signed in only once the sign-in has answered: going on before it can cancel it.
  await expect(page).toHaveURL(/\/admin\//);
  await page.goto('/admin/import-export');
  await expect(page.getByRole('heading', { name: 'Import / export' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download products' }).click();
  const file = readFileSync(await (await download).path());
  const text = file.toString('utf8');
  expect(text.split('\r\n')[0]).toBe(`\uFEFF${header}`);
  expect(text).toContain(existing.title);

  const row = (price: string) =>
    `${word.toUpperCase()},${word} jacket,From the spreadsheet,women,zara,${price},,${existing.image},,,,,5`;
  const csv = (price: string) => ({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `${header}\r\nOK-${word},${word} cap,,men,nike,12.00,,${existing.image},,,,,3\r\n${row(price)}\r\n`,
    ),
  });
  const input = page.getByLabel('CSV file');
  await input.setInputFiles(csv('twelve'));
  await page.getByRole('button', { name: 'Check file' }).click();
  const errors = page.getByRole('table', { name: 'Errors in the file' });
  await expect(page.getByRole('alert')).toHaveText('The file has 1 error; nothing was imported');
  await expect(errors.getByRole('row').nth(1)).toHaveText(/^3\s*price\s*must be a number$/);
  await expect(page.getByRole('button', { name: 'Import' })).toBeDisabled();
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: `${shots}/import-errors-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${shots}/import-errors-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  await input.setInputFiles(csv('49.90'));
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByRole('status')).toHaveText('The file is ready: 2 new, 0 updated.');
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('Imported: 2 new, 0 updated')).toBeVisible();

  // The shop, as a shopper sees it (the admin is kept to the back office).
  const shop = await browser.newPage({ baseURL: e2eBaseURL() });
  await signIn(shop, shopper);
  await expect(shop).toHaveURL(/\/shop\/home$/);
  await shop.goto(`/shop/search?keyword=${word}`);
  await waitForHydration(shop);
  await expect(shop.getByText(`${word} jacket`)).toBeVisible();
  await expect(shop.getByText('$49.90').first()).toBeVisible();
  await shop.close();
});
