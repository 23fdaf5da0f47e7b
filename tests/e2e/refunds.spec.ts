import type { Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { admin, createProduct, expect, signIn, test } from './fixtures';
import { mailTo } from './mail';

import { buyThroughSandbox } from './purchase';

/** Buys the product as the signed-in shopper through the sandbox; the order's number (#100042). */
async function buy(page: Page, productId: string) {
  const order = await buyThroughSandbox(page, [{ productId, quantity: 1 }], {
    address: '9 Refund Row',
    notes: 'Ring twice',
  });
  return `#${order.orderNumber}`;
}

async function signedInShopper(page: Page, shopper: { email: string; password: string }) {
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
}

test('a shopper cancels a paid order before it ships and sees it refunded', async ({
  page,
  request,
  shopper,
}) => {
  const product = await createProduct(request, { price: 18, totalStock: 4 });
  await signedInShopper(page, shopper);
  const orderNumber = await buy(page, product._id);

  await page.goto('/shop/account');
  await page.getByRole('button', { name: `View Details of order ${orderNumber}` }).click();
  const details = page.getByRole('dialog', { name: 'Order details' });
  await details.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('$18.00 will be refunded to your PayPal account')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel and refund' }).click();
  await expect(page.getByText('Your order was cancelled and refunded')).toBeVisible();
  await expect(details.locator('dt:text-is("Payment Status") + dd')).toHaveText('Refunded');
  await expect(details.locator('dt:text-is("Refunded") + dd')).toHaveText('$18.00');
  await expect(details.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(details.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  await mailTo(
    shopper.email,
    (m) => m.subject?.startsWith(`Order ${orderNumber} cancelled`) ?? false,
  );
});

test('the admin refunds part of an order from its details', async ({
  page,
  request,
  browser,
  shopper,
}) => {
  const product = await createProduct(request, { price: 40, totalStock: 4 });
  await signedInShopper(page, shopper);
  const orderNumber = await buy(page, product._id);

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, admin);
  await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
  await adminPage.goto('/admin/orders');
  await adminPage.getByRole('button', { name: `View Details of order ${orderNumber}` }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Order details' });
  const form = dialog.getByRole('form', { name: 'Refund' });
  await expect(form.getByText('$40.00')).toBeVisible();
  await form.getByLabel('Amount ($)').fill('15');
  await form.getByLabel('Reason').fill('Missing belt');
  await form.getByRole('button', { name: 'Refund $15.00' }).click();
  // Nothing goes to PayPal before the admin has seen the amount against the order's figures.
  const confirm = adminPage.getByRole('alertdialog', {
    name: "Refund $15.00 to the shopper's PayPal?",
  });
  await expect(confirm).toContainText('After this refund $25.00 of $40.00 is left');
  const paid = confirm.getByLabel('What the order was paid for');
  await expect(paid.locator('dt:text-is("Subtotal") + dd')).toHaveText('$40.00');
  await expect(paid.locator('dt:text-is("Shipping") + dd')).toBeVisible();
  await expect(paid.locator('dt:text-is("Total") + dd')).toHaveText('$40.00');
  await adminPage.screenshot({ path: 'test-results/refund-confirm.png' });
  await confirm.getByRole('button', { name: 'Refund $15.00' }).click();
  await expect(adminPage.getByText('The refund was sent to PayPal')).toBeVisible();
  // The status line, not the history's entry for the same change.
  await expect(
    dialog.getByRole('definition').filter({ hasText: /^Partially refunded$/ }),
  ).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'History' })).toContainText('Partially refunded');
  await expect(form.getByText('$25.00')).toBeVisible();
  await adminContext.close();

  const isRefund = (m: ParsedMail) => m.subject?.startsWith('Refund of $15.00') ?? false;
  const refund = (await mailTo(shopper.email, isRefund)).find(isRefund);
  expect(refund?.text).toContain('Reason: Missing belt');
});
