import type { APIRequestContext } from '@playwright/test';
import { admin, animationsDone, createProduct, e2eBaseURL, expect, signIn, test } from './fixtures';
import { buyThroughSandbox } from './purchase';

// A chargeback through the PayPal sandbox (PAYMENT.CAPTURE.REVERSED to the shop's webhook): the
// admin sees it on the order, shipping waits for "Ship anyway", and then the parcel goes.

/** The buyer's bank charges the capture back, through the sandbox's own control. */
async function chargeback(request: APIRequestContext, captureId: string) {
  const sandbox = `${e2eBaseURL()}/paypal-sandbox`;
  const basic = Buffer.from('sandbox-client-id:sandbox-client-secret').toString('base64');
  const token = await request.post(`${sandbox}/v1/oauth2/token`, {
    headers: { authorization: `Basic ${basic}` },
    form: { grant_type: 'client_credentials' },
  });
  expect(token.ok(), await token.text()).toBe(true);
  const { access_token } = await token.json();
  const res = await request.post(`${sandbox}/v1/simulator/captures/${captureId}/reverse`, {
    headers: { authorization: `Bearer ${access_token}` },
    data: {},
  });
  expect(res.status(), await res.text()).toBe(201);
}

test('a chargeback is flagged to the admin and holds shipping until "Ship anyway" @phone', async ({
  page,
  request,
  browser,
  shopper,
}, testInfo) => {
  const isPhone = testInfo.project.name === 'phone';
  const product = await createProduct(request, { title: 'Disputed Parka', price: 45 });
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  const order = await buyThroughSandbox(page, [{ productId: product._id, quantity: 1 }]);
  const number = `#${order.orderNumber}`;
  await chargeback(request, order.paymentId);
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/shop/order/details/${order._id}`);
      return (await res.json()).data.reversedAmount;
    })
    .toBe(order.totalAmount);

  const adminContext = await browser.newContext({
    viewport: isPhone ? { width: 390, height: 844 } : { width: 1366, height: 900 },
  });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, admin);
  await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
  await adminPage.goto('/admin/orders');
  const entry = adminPage.getByRole(isPhone ? 'listitem' : 'row').filter({ hasText: number });
  await expect(entry.getByText('Chargeback', { exact: true })).toBeVisible();
  await adminPage.screenshot({ path: testInfo.outputPath('orders-list.png'), fullPage: true });

  await entry.getByRole('button', { name: `View Details of order ${number}` }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Order details' });
  const alerts = dialog.getByRole('region', { name: 'Payment alerts' });
  await expect(alerts.getByText(`Chargeback $${order.totalAmount.toFixed(2)}`)).toBeVisible();
  await adminPage.screenshot({ path: testInfo.outputPath('order-flagged.png'), fullPage: true });
  const hold = dialog.getByRole('region', { name: 'Shipping hold' });
  await expect(hold.getByText('Shipping on hold.')).toBeVisible();
  await expect(dialog.getByRole('form', { name: 'Ship items' })).toHaveCount(0);
  await hold.scrollIntoViewIfNeeded();
  await animationsDone(adminPage);
  await adminPage.screenshot({ path: testInfo.outputPath('order-held.png'), fullPage: true });

  // Asked first; Cancel leaves the hold as it was.
  await hold.getByRole('button', { name: 'Ship anyway' }).click();
  const confirm = adminPage.getByRole('alertdialog', { name: 'Ship this order anyway?' });
  await expect(confirm).toContainText('charged this payment back');
  await animationsDone(adminPage);
  await adminPage.screenshot({ path: testInfo.outputPath('ship-anyway.png'), fullPage: true });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(hold.getByText('Shipping on hold.')).toBeVisible();
  await hold.getByRole('button', { name: 'Ship anyway' }).click();
  await confirm.getByRole('button', { name: 'Ship anyway' }).click();
  await expect(adminPage.getByText('Shipping is allowed for this order')).toBeVisible();
  await expect(dialog.getByText(/^Shipping allowed anyway on /)).toBeVisible();
  await expect(hold).toHaveCount(0);

  // The chargeback stays flagged; the parcel can now go.
  await expect(alerts.getByText(`Chargeback $${order.totalAmount.toFixed(2)}`)).toBeVisible();
  const form = dialog.getByRole('form', { name: 'Ship items' });
  await form.getByLabel('Tracking number').fill('1Z999AA10123456784');
  await form.getByRole('button', { name: 'Ship 1 item(s)' }).click();
  await expect(adminPage.getByText('Shipment recorded')).toBeVisible();
  await dialog.getByText('Every item has shipped.').scrollIntoViewIfNeeded();
  await expect(dialog.locator('dt:text-is("Order Status") + dd')).toHaveText('In Shipping');
  await adminPage.screenshot({ path: testInfo.outputPath('order-shipped.png'), fullPage: true });
  await adminContext.close();
});
