import type { Page } from '@playwright/test';
import { admin, createProduct, e2eBaseURL, expect, signIn, test } from './fixtures';
import { mailTo } from './mail';

/** Puts the product in the signed-in shopper's cart, checks out and approves at the sandbox. */
async function buy(page: Page, productId: string, userId: string) {
  const headers = { origin: e2eBaseURL() };
  const post = async (url: string, data: object) => {
    const res = await page.request.post(url, { data, headers });
    expect(res.ok(), await res.text()).toBe(true);
    return res.json();
  };
  await post('/api/shop/cart/add', { userId, productId, quantity: 1 });
  const address = await post('/api/shop/address/add', {
    userId,
    address: '9 Refund Row',
    city: 'Springfield',
    pincode: '12345',
    phone: '+1 555 0100',
    notes: 'Ring twice',
  });
  const order = await post('/api/shop/order/create', {
    userId,
    addressInfo: { addressId: address.data._id },
  });
  // What the checkout page does before sending the shopper to PayPal (SPEC §4).
  await page.evaluate(
    (id) => sessionStorage.setItem('currentOrderId', JSON.stringify(id)),
    order.orderId,
  );
  await page.goto(order.approvalURL);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { name: 'Payment is successful!' })).toBeVisible();
  // Shoppers and the admin see the order by its number (#100042).
  const details = await (await page.request.get(`/api/shop/order/details/${order.orderId}`)).json();
  return `#${details.data.orderNumber}`;
}

async function signedInShopper(page: Page, shopper: { email: string; password: string }) {
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  const me = await (await page.request.get('/api/auth/check-auth')).json();
  return me.user.id as string;
}

test('a shopper cancels a paid order before it ships and sees it refunded', async ({
  page,
  request,
  shopper,
}) => {
  const product = await createProduct(request, { price: 18, totalStock: 4 });
  const userId = await signedInShopper(page, shopper);
  const orderNumber = await buy(page, product._id, userId);

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

  const mails = await mailTo(shopper.email, 2);
  expect(mails.some((m) => m.subject?.startsWith(`Order ${orderNumber} cancelled`))).toBe(true);
});

test('the admin refunds part of an order from its details', async ({
  page,
  request,
  browser,
  shopper,
}) => {
  const product = await createProduct(request, { price: 40, totalStock: 4 });
  const userId = await signedInShopper(page, shopper);
  const orderNumber = await buy(page, product._id, userId);

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
  await expect(adminPage.getByText('The refund was sent to PayPal')).toBeVisible();
  await expect(dialog.getByText('Partially refunded')).toBeVisible();
  await expect(form.getByText('$25.00')).toBeVisible();
  await adminContext.close();

  const mails = await mailTo(shopper.email, 2);
  const refund = mails.find((m) => m.subject?.startsWith('Refund of $15.00'));
  expect(refund?.text).toContain('Reason: Missing belt');
});
