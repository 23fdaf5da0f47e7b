import type { Page } from '@playwright/test';
import { admin, createProduct, expect, signIn, test } from './fixtures';
import { buyThroughSandbox } from './purchase';

const shots = process.env.E2E_SCREENSHOTS;

test('an admin changes a price; the audit log and the product history show old and new', async ({
  page,
  request,
}) => {
  const product = await createProduct(request, { price: 25 });
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/products');

  const card = page.getByRole('listitem').filter({ hasText: product.title });
  await card.getByRole('button', { name: /^Edit/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Edit Product' });
  await sheet.getByLabel('Price', { exact: true }).fill('31.50');
  await sheet.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(sheet).toBeHidden();

  // The product's own history, under its form.
  await card.getByRole('button', { name: /^Edit/ }).click();
  const history = sheet.getByRole('list', { name: 'History' });
  const change = history.getByRole('listitem').first();
  await expect(change).toContainText('Updated');
  await expect(change).toContainText(admin.email);
  await expect(change.locator('[data-field="price"] dd del')).toHaveText('$25.00');
  await expect(change.locator('[data-field="price"] dd ins')).toHaveText('$31.50');
  // Its creation is the older entry.
  await expect(history.getByRole('listitem').nth(1)).toContainText('Created');
  if (shots) {
    await history.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/audit-product-history-1280.png` });
  }
  await page.keyboard.press('Escape');

  // The audit page, reached from the admin menu and filtered by person and entity.
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Audit log' })
    .click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  const filters = page.getByRole('form', { name: 'Filter the audit log' });
  await filters.getByLabel('Person').fill(admin.email);
  await filters.getByLabel('Entity').selectOption('product');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/entity=product/);
  const entry = page.getByRole('list', { name: 'Audit entries' }).getByRole('listitem').first();
  await expect(entry).toContainText('Updated');
  await expect(entry.locator('[data-field="price"] dd del')).toHaveText('$25.00');
  await expect(entry.locator('[data-field="price"] dd ins')).toHaveText('$31.50');
  await expect(entry.getByRole('link', { name: /^Product / })).toHaveAttribute(
    'href',
    '/admin/products',
  );

  // Another person's filter shows none of it.
  await filters.getByLabel('Person').fill('nobody@example.com');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('No entries match these filters.')).toBeVisible();

  if (shots) {
    await page.goBack();
    await expect(entry).toContainText('Updated');
    await page.screenshot({ path: `${shots}/audit-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(entry).toContainText('Updated');
    await page.screenshot({ path: `${shots}/audit-390.png`, fullPage: true });
    await page.goto('/admin/products');
    await card.getByRole('button', { name: /^Edit/ }).click();
    await sheet.getByRole('list', { name: 'History' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/audit-product-history-390.png` });
  }
});

/** The signed-in shopper buys one of the product through the sandbox; the order's number. */
async function buy(page: Page, productId: string) {
  const order = await buyThroughSandbox(page, [{ productId, quantity: 1 }], {
    address: '4 Audit Lane',
  });
  return `#${order.orderNumber}`;
}

test("the order dialog's history shows the admin's status change", async ({
  page,
  browser,
  request,
  shopper,
}) => {
  const product = await createProduct(request, { price: 20, totalStock: 3 });
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  const orderNumber = await buy(page, product._id);

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, admin);
  await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
  await adminPage.goto('/admin/orders');
  await adminPage.getByRole('button', { name: `View Details of order ${orderNumber}` }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Order details' });
  await expect(dialog.getByText('No recorded changes yet.')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Order Status' }).click();
  await adminPage.getByRole('option', { name: 'In Process' }).click();
  await dialog.getByRole('button', { name: 'Update Order Status' }).click();
  const history = dialog.getByRole('list', { name: 'History' });
  const change = history.getByRole('listitem').first();
  await expect(change).toContainText('Updated');
  await expect(change.locator('[data-field="orderStatus"] dd ins')).toHaveText('In Process');
  if (shots) {
    await history.scrollIntoViewIfNeeded();
    await adminPage.screenshot({ path: `${shots}/audit-order-history-1280.png` });
    await adminPage.setViewportSize({ width: 390, height: 844 });
    await history.scrollIntoViewIfNeeded();
    await adminPage.screenshot({ path: `${shots}/audit-order-history-390.png` });
  }
  await adminContext.close();
});
