import type { APIRequestContext } from '@playwright/test';
import { createProduct, e2eBaseURL, expect, signIn, test } from './fixtures';

// Paying from another tab or browser, and capturing too early: the order still gets paid.

/** Cart, address and order through the shopper's own API session; answers the PayPal URL. */
async function openOrder(request: APIRequestContext, productId: string) {
  // The shop's own pages send their Origin with every write (the CSRF rule).
  const headers = { origin: e2eBaseURL() };
  const auth = await (await request.get('/api/auth/check-auth')).json();
  const userId = auth.user.id as string;
  const add = await request.post('/api/shop/cart/add', {
    headers,
    data: { userId, productId, quantity: 2 },
  });
  expect(add.status(), await add.text()).toBe(200);
  const address = await request.post('/api/shop/address/add', {
    headers,
    data: {
      userId,
      address: '9 Elm Street',
      city: 'Riverton',
      pincode: '54321',
      phone: '555 0199',
      notes: 'Ring twice',
    },
  });
  expect(address.status()).toBe(201);
  const addressId = (await address.json()).data._id as string;
  const created = await request.post('/api/shop/order/create', {
    headers,
    data: { userId, addressInfo: { addressId } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { approvalURL, orderId } = await created.json();
  return { approvalURL: approvalURL as string, orderId: orderId as string };
}

test('approving in another browser, signed out there, lands on success and pays the order', async ({
  page,
  request,
  browser,
  shopper,
}) => {
  const product = await createProduct(request, { price: 12 });
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  const { approvalURL, orderId } = await openOrder(page.request, product._id);

  // PayPal's app or another browser: no session, no sessionStorage of the checkout tab.
  const other = await browser.newContext();
  const phone = await other.newPage();
  await phone.goto(approvalURL);
  await phone.getByRole('button', { name: 'Approve' }).click();
  // Signed out on this device: sign in, and come back to the same return URL.
  await expect(phone).toHaveURL(/\/auth\/login\?redirect=%2Fshop%2Fpaypal-return/);
  await phone.getByLabel('Email').fill(shopper.email);
  await phone.getByLabel('Password').fill(shopper.password);
  await phone.getByRole('button', { name: 'Sign In' }).click();
  await expect(phone).toHaveURL(new RegExp(`/shop/payment-success\\?order=${orderId}`));
  await expect(phone.getByTestId('order-number')).toHaveText(/^#\d{6,}$/);
  await expect(phone.locator('address')).toContainText(/9 Elm Street\s*Riverton [A-Z]{2} 54321/);
  await expect(phone.getByText('$24.00').first()).toBeVisible();
  await other.close();

  const order = (await (await page.request.get(`/api/shop/order/details/${orderId}`)).json()).data;
  expect(order).toMatchObject({ paymentStatus: 'paid', orderStatus: 'confirmed' });
});

test('a capture tried before approval does not stop the payment after it', async ({
  page,
  request,
  browser,
  shopper,
}) => {
  const product = await createProduct(request, { price: 7 });
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  const { approvalURL, orderId } = await openOrder(page.request, product._id);
  const token = new URL(approvalURL).searchParams.get('token') ?? '';

  // Another tab with the shopper's cookie only (nothing in its sessionStorage).
  const tab = await browser.newContext();
  await tab.addCookies(await page.context().cookies());
  const early = await tab.newPage();
  await early.goto(`/shop/paypal-return?token=${token}`);
  await expect(early.getByRole('alert')).toContainText('not been approved');

  await early.goto(approvalURL);
  await early.getByRole('button', { name: 'Approve' }).click();
  await expect(early).toHaveURL(/\/shop\/payment-success\?order=/);
  await expect(early.getByTestId('order-number')).toBeVisible();

  // The link to the order opens its details in the account.
  await early.getByRole('link', { name: /^View order #/ }).click();
  await expect(early).toHaveURL(/\/shop\/account\?order=/);
  await expect(early.getByRole('dialog', { name: 'Order details' })).toContainText('9 Elm Street');
  await tab.close();

  const order = (await (await page.request.get(`/api/shop/order/details/${orderId}`)).json()).data;
  expect(order.paymentStatus).toBe('paid');
});
