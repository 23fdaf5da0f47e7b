import { randomBytes } from 'node:crypto';
import { admin, asAdmin, expect, makePng, signIn, test, uploadPng } from './fixtures';

// The admin's product list is searched (by a variant's SKU), filtered by stock and paged; the
// search, filters and page live in the address, so a reload keeps them.

test('the admin finds a product by SKU, filters by stock out and pages @phone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const tag = `pl${randomBytes(3).toString('hex')}`;
  const sku = tag.toUpperCase();
  await asAdmin(async (ctx) => {
    const image = await uploadPng(ctx, await makePng());
    const add = async (data: Record<string, unknown>) => {
      const res = await ctx.post('/api/admin/products/add', {
        data: { image, category: 'men', brand: 'puma', price: 25, totalStock: 5, ...data },
      });
      expect(res.status(), await res.text()).toBe(201);
    };
    for (let i = 1; i <= 25; i += 1) {
      await add({ title: `Pager Tee ${tag} ${String(i).padStart(2, '0')}` });
    }
    await add({ title: `Sold Out Tee ${tag}`, totalStock: 0 });
    await add({
      title: `Sized Tee ${tag}`,
      variants: [
        { size: 'S', totalStock: 3, sku: `${sku}-S` },
        { size: 'M', totalStock: 0, sku: `${sku}-M` },
        { size: 'L', totalStock: 12, sku: `${sku}-L` },
      ],
    });
  });

  await signIn(page, admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/products');
  const form = page.getByRole('form', { name: 'Find products' });
  const search = form.getByLabel('Search by title, brand or SKU');
  const cards = page.getByRole('list', { name: 'Products' }).locator(':scope > li');

  // By a variant's SKU, typed in lower case: that product alone, with each size's stock.
  await search.fill(`${tag}-m`);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]search=${tag}-m`));
  await expect(page.getByText('1 product', { exact: true })).toBeVisible();
  await expect(cards).toHaveCount(1);
  const sized = cards.first();
  await expect(sized.getByRole('heading', { name: `Sized Tee ${tag}` })).toBeVisible();
  const stock = sized.getByRole('list', { name: `Stock by variant of Sized Tee ${tag}` });
  await expect(stock.getByRole('listitem')).toHaveText(['S 3', 'M 0 (sold out)', 'L 12']);
  await page.screenshot({
    path: `test-results/admin-products-search-${page.viewportSize()?.width}.png`,
    fullPage: true,
  });

  // Out of stock among this test's products: the sold-out one only (Sized Tee has 15 in all).
  await search.fill(tag);
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('27 products', { exact: true })).toBeVisible();
  await form.getByLabel('Stock').selectOption({ label: 'Out of stock' });
  await expect(page).toHaveURL(/stock=out/);
  await expect(page.getByText('1 product', { exact: true })).toBeVisible();
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByText('Out Of Stock')).toBeVisible();
  await expect(cards.first().getByRole('heading')).toHaveText(`Sold Out Tee ${tag}`);

  // The address holds the list: a reload shows the same search and filter.
  await page.reload();
  await expect(form.getByLabel('Stock')).toHaveValue('out');
  await expect(search).toHaveValue(tag);
  await expect(cards).toHaveCount(1);

  // 27 products in pages of 24; the page is in the address too.
  await form.getByLabel('Stock').selectOption({ label: 'Any stock' });
  await expect(page).not.toHaveURL(/stock=/);
  const pager = page.getByRole('navigation', { name: 'Pages' });
  await expect(pager.getByText('Page 1 of 2')).toBeVisible();
  await expect(cards).toHaveCount(24);
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pager.getByText('Page 2 of 2')).toBeVisible();
  await expect(cards).toHaveCount(3);
  // Newest first: the first two made are the last on page 2.
  await expect(cards.last().getByRole('heading')).toHaveText(`Pager Tee ${tag} 01`);
  await page.reload();
  await expect(pager.getByText('Page 2 of 2')).toBeVisible();
  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(page).not.toHaveURL(/page=/);
  await expect(cards).toHaveCount(24);

  await form.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/search=/);
  await expect(search).toHaveValue('');
});
