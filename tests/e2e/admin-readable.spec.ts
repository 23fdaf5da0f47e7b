import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { admin, asAdmin, createProduct, expect, signIn, test } from './fixtures';
import { buy, shipAndDeliver, sizedTee } from './returns-helpers';

// The back office as a person reads it: money, dates and labels, not keys, ids and JSON.
const width = (page: Page) => page.viewportSize()?.width ?? 0;
const shot = (page: Page, name: string) =>
  page.screenshot({
    path: `test-results/admin-readable-${name}-${width(page)}.png`,
    fullPage: true,
  });

async function signInAsAdmin(page: Page) {
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

test('@phone the audit log shows money and dates in words, no raw timestamps or JSON', async ({
  page,
  request,
}) => {
  const product = await createProduct(request, { price: 25 });
  await signInAsAdmin(page);
  await page.goto('/admin/products');
  const card = page.getByRole('listitem').filter({ hasText: product.title });
  await card.getByRole('button', { name: /^Edit/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Edit Product' });
  await sheet.getByLabel('Price', { exact: true }).fill('31.50');
  await sheet.getByRole('button', { name: 'Edit', exact: true }).click();
  await expect(sheet).toBeHidden();

  await page.goto(`/admin/audit?entity=product&id=${product._id}`);
  const entries = page.getByRole('list', { name: 'Audit entries' });
  // The filter line names the product, not its id.
  await expect(page.getByText(`Showing one product: ${product.title}`)).toBeVisible();
  const update = entries.getByRole('listitem').first();
  await expect(update).toContainText('Updated');
  await expect(update.getByRole('link', { name: `Product ${product.title}` })).toBeVisible();
  await expect(update.locator('[data-field="price"] dt')).toHaveText('Price');
  await expect(update.locator('[data-field="price"] dd del')).toHaveText('$25.00');
  await expect(update.locator('[data-field="price"] dd ins')).toHaveText('$31.50');
  // "Dec 2, 2026, 3:04 PM UTC": the month in words, in the shop's time zone.
  await expect(update.locator('time')).toHaveText(
    /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M \S+$/,
  );
  const shown = await entries.innerText();
  expect(shown).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:/);
  expect(shown).not.toMatch(/[{}]/);
  expect(shown).not.toContain('product.update');
  // The stored entry stays one click away for operators.
  await update.getByText('Raw data').click();
  await expect(update.locator('pre')).toContainText('"action": "product.update"');
  await shot(page, 'audit');
});

test('@phone staff permissions read as labels; an invite without one is refused at the field', async ({
  page,
}) => {
  const id = randomBytes(4).toString('hex');
  const email = `viewer-${id}@example.com`;
  const userName = `Vera ${id}`;
  await asAdmin(async (ctx) => {
    const res = await ctx.post('/api/admin/staff', {
      data: { email, userName, permissions: ['orders.view', 'orders.ship'] },
    });
    expect(res.status(), await res.text()).toBe(201);
  });
  await signInAsAdmin(page);
  await page.goto('/admin/staff');
  const row = page.getByRole('listitem', { name: userName });
  await expect(row).toContainText('View orders, Ship orders');
  await expect(page.getByRole('main')).not.toContainText('orders.view');

  await page.getByRole('button', { name: 'Invite staff' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite staff' });
  await expect(dialog.getByRole('checkbox', { name: /^View orders/ })).toBeVisible();
  await expect(dialog).not.toContainText('orders.view');
  await dialog.getByRole('textbox', { name: 'Email' }).fill(`none-${email}`);
  await dialog.getByRole('textbox', { name: 'Name' }).fill('No Permissions');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  const error = dialog.getByRole('group', { name: 'Permissions' }).getByRole('alert');
  await expect(error).toHaveText('Permissions: must include at least one permission');
  await shot(page, 'staff-invite');
});

test('@phone a return card names the customer and its order link opens the order', async ({
  page,
  browser,
  request,
  shopper,
}) => {
  const tee = await sizedTee(request);
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  const order = await buy(page, tee, ['M']);
  await shipAndDeliver(order);
  const asked = await page.request.post('/api/shop/returns', {
    data: { orderId: order.orderId, lines: [{ lineId: order.lines[0]!.lineId, quantity: 1 }] },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(asked.status(), await asked.text()).toBe(201);

  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const adminPage = await context.newPage();
  await signInAsAdmin(adminPage);
  await adminPage.goto('/admin/returns');
  const card = adminPage.getByRole('article', { name: `Return of order ${order.orderNumber}` });
  await expect(card.getByText('Customer', { exact: true })).toBeVisible();
  await expect(card.getByRole('link', { name: shopper.userName })).toHaveAttribute(
    'href',
    /^\/admin\/customers\//,
  );
  await expect(card.getByRole('link', { name: shopper.email })).toHaveAttribute(
    'href',
    `mailto:${shopper.email}`,
  );
  await card.scrollIntoViewIfNeeded();
  await shot(adminPage, 'return-card');
  await card.getByRole('link', { name: `Open order ${order.orderNumber}` }).click();
  await expect(adminPage).toHaveURL(/\/admin\/orders\?order=/);
  const dialog = adminPage.getByRole('dialog', { name: 'Order details' });
  await expect(dialog).toContainText(order.orderNumber);
  await expect(dialog).toContainText(shopper.email);
  await context.close();
});

test('@phone the admin opens the shop from the header and comes back', async ({ page }) => {
  await signInAsAdmin(page);
  const [shop] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: /^View shop/ }).click(),
  ]);
  await shop.waitForLoadState();
  await expect(shop).toHaveURL(/\/pages\/shipping$/);
  await expect(shop.getByRole('heading', { level: 1 })).toBeVisible();
  const back = shop.getByRole('link', { name: 'Back to admin' });
  await expect(back).toBeVisible();
  await shot(shop, 'shop-from-admin');
  await back.click();
  await expect(shop).toHaveURL(/\/admin\/dashboard$/);
});
