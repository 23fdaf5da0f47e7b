import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { asAdmin, createProduct, e2eBaseURL, expect, signIn, test } from './fixtures';
import { mailTo } from './mail';
import { buyThroughSandbox } from './purchase';

// A staff member is offered only what they may do: the order dialog says what a missing
// permission keeps from them instead of offering a form the server refuses after it is filled.

/** A staff member invited with `permissions`, their password set from the invitation. */
async function staffMember(permissions: string[]) {
  const id = randomBytes(4).toString('hex');
  const who = { email: `staff-${id}@example.com`, password: `staff password ${id}` };
  await asAdmin(async (ctx) => {
    const res = await ctx.post('/api/admin/staff', {
      data: { email: who.email, userName: `Sam ${id}`, permissions },
    });
    expect(res.status(), await res.text()).toBe(201);
    const [mail] = await mailTo(who.email);
    const token = (mail!.text ?? '').match(/reset-password\?token=(\S+)/)?.[1];
    const reset = await ctx.post('/api/auth/reset-password', {
      data: { token, password: who.password },
      headers: { origin: e2eBaseURL() },
    });
    expect(reset.status(), await reset.text()).toBe(200);
  });
  return who;
}

async function openOrder(browser: Browser, who: { email: string; password: string }, n: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, who);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/orders');
  await page.getByRole('button', { name: `View Details of order ${n}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Order details' });
  await expect(dialog.getByRole('heading', { name: 'History' })).toBeVisible();
  return { page, dialog, close: () => context.close() };
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/staff-actions-${name}.png`, fullPage: true });

test('@phone a viewer is told why Ship, status and Refund are not offered; a packer gets shipping only', async ({
  page,
  request,
  browser,
  shopper,
}) => {
  const product = await createProduct(request, { price: 30, totalStock: 3 });
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  const order = await buyThroughSandbox(page, [{ productId: product._id, quantity: 1 }]);
  const number = `#${order.orderNumber}`;

  const viewer = await openOrder(browser, await staffMember(['orders.view']), number);
  const { dialog } = viewer;
  await expect(dialog.getByText('PayPal', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('form', { name: 'Ship items' })).toHaveCount(0);
  await expect(dialog.getByRole('form', { name: 'Update order status' })).toHaveCount(0);
  await expect(dialog.getByRole('form', { name: 'Refund' })).toHaveCount(0);
  await expect(dialog).toContainText('Shipping needs the “Ship orders” permission');
  await expect(dialog).toContainText('Changing the status needs the “Update orders” permission');
  await expect(dialog).toContainText('Refunding needs the “Refund orders” permission');
  await shot(viewer.page, 'viewer-390');
  await viewer.close();

  const packer = await openOrder(
    browser,
    await staffMember(['orders.view', 'orders.ship']),
    number,
  );
  const status = packer.dialog.getByRole('form', { name: 'Update order status' });
  await expect(status).toBeVisible();
  await status.getByRole('combobox', { name: 'Order Status' }).click();
  const options = packer.page.getByRole('option');
  await expect(options).toHaveText(['In Shipping', 'Delivered']);
  await packer.page.keyboard.press('Escape');
  await expect(packer.dialog.getByRole('form', { name: 'Refund' })).toHaveCount(0);
  await expect(packer.dialog).toContainText('Refunding needs the “Refund orders” permission');
  await packer.close();
});
