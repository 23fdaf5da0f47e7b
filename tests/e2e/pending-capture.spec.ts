import { formatOrderNumber } from '@contract/order-constants';
import type { Page } from '@playwright/test';
import { createProduct, e2eBaseURL, expect, signIn, test } from './fixtures';
import { testAddress } from './purchase';

// A capture PayPal holds for the bank's review is not a payment that went through: the pages
// the shopper lands on say "Payment pending at PayPal" until PayPal completes it.

/** Cart, address and order through the signed-in shopper's API session; the PayPal URL. */
async function openOrder(page: Page, productId: string) {
  const headers = { origin: e2eBaseURL() };
  const post = async (url: string, data: object) => {
    const res = await page.request.post(url, { data, headers });
    expect(res.ok(), await res.text()).toBe(true);
    return res.json();
  };
  const me = await (await page.request.get('/api/auth/check-auth')).json();
  const userId = me.user.id as string;
  await post('/api/shop/cart/add', { userId, productId, quantity: 1 });
  const saved = await post('/api/shop/address/add', { userId, ...testAddress });
  const created = await post('/api/shop/order/create', {
    userId,
    addressInfo: { addressId: saved.data._id },
  });
  return { approvalURL: created.approvalURL as string, orderId: created.orderId as string };
}

const orderOf = async (page: Page, id: string) =>
  (await (await page.request.get(`/api/shop/order/details/${id}`)).json()).data;

test('a payment the bank reviews says "Payment pending at PayPal" until PayPal completes it @phone', async ({
  page,
  request,
  shopper,
}, testInfo) => {
  const product = await createProduct(request, { price: 21 });
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  const { approvalURL, orderId } = await openOrder(page, product._id);

  await page.goto(approvalURL);
  await page.screenshot({ path: testInfo.outputPath('sandbox-approve.png'), fullPage: true });
  await page.getByRole('button', { name: 'Let the bank review it' }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/payment-success\\?order=${orderId}`));
  await expect(page.getByRole('heading', { name: 'Payment pending at PayPal' })).toBeVisible();
  await expect(page.getByText('Payment is successful!')).toHaveCount(0);
  await expect(page.getByRole('status')).toContainText('PayPal is reviewing the payment');
  await page.screenshot({ path: testInfo.outputPath('pending-success.png'), fullPage: true });
  expect(await orderOf(page, orderId)).toMatchObject({
    paymentStatus: 'pending_capture',
    orderStatus: 'pending',
  });

  const number = formatOrderNumber((await orderOf(page, orderId)).orderNumber);
  await page.getByRole('link', { name: `View order ${number}` }).click();
  const details = page.getByRole('dialog', { name: 'Order details' });
  await expect(details.locator('dt:text-is("Payment Status") + dd')).toHaveText(
    'Payment pending at PayPal',
  );
  await expect(details.getByRole('status')).toContainText('Payment pending at PayPal.');
  await page.screenshot({ path: testInfo.outputPath('pending-order.png'), fullPage: true });

  // Days later the bank accepts it (the sandbox's own page), and PayPal tells the shop.
  await page.goto(approvalURL);
  await expect(page.getByRole('heading', { name: 'This payment is under review' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('sandbox-review.png'), fullPage: true });
  await page.getByRole('button', { name: 'The bank accepts it' }).click();
  await expect(page.getByRole('heading', { name: 'The payment is completed' })).toBeVisible();
  await expect.poll(async () => (await orderOf(page, orderId)).paymentStatus).toBe('paid');
});
