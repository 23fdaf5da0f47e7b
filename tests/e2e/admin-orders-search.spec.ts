import { admin, e2eBaseURL, expect, signIn, test } from './fixtures';
import { buyThroughSandbox, testAddress } from './purchase';
import { sizedTee } from './returns-helpers';

// The admin's order list is searched (by email, by number) and filtered by payment status;
// the search and filters live in the address, so a reload keeps them, and Clear drops them.

test('the admin finds a shopper’s orders by email and number and filters them by payment @phone', async ({
  page,
  request,
  browser,
  shopper,
}) => {
  test.setTimeout(120_000);
  const tee = await sizedTee(request, 25);
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  const small = tee.variants.find((v) => v.size === 'S')!;
  const paid = await buyThroughSandbox(page, [
    { productId: tee._id, variantId: small._id, quantity: 2 },
  ]);
  // A second checkout left at PayPal: its payment stays pending.
  const headers = { origin: e2eBaseURL() };
  const userId = (await (await page.request.get('/api/auth/check-auth')).json()).user.id;
  await page.request.post('/api/shop/cart/add', {
    data: { userId, productId: tee._id, variantId: small._id, quantity: 1 },
    headers,
  });
  const address = await page.request.post('/api/shop/address/add', {
    data: { userId, ...testAddress },
    headers,
  });
  const created = await page.request.post('/api/shop/order/create', {
    data: { userId, addressInfo: { addressId: (await address.json()).data._id } },
    headers,
  });
  expect(created.ok(), await created.text()).toBe(true);
  const pendingNumber = (
    await (
      await page.request.get(`/api/shop/order/details/${(await created.json()).orderId}`)
    ).json()
  ).data.orderNumber as number;

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, admin);
  await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
  await adminPage.goto('/admin/orders');

  const form = adminPage.getByRole('form', { name: 'Find orders' });
  const view = (n: number) =>
    adminPage.getByRole('button', { name: `View Details of order #${n}` });
  await form.getByLabel('Search by number, email or name').fill(shopper.email.toUpperCase());
  await form.getByRole('button', { name: 'Search' }).click();
  await expect(adminPage).toHaveURL(/[?&]search=/);
  await expect(view(paid.orderNumber)).toBeVisible();
  await expect(view(pendingNumber)).toBeVisible();
  await expect(adminPage.getByText('2 orders', { exact: true })).toBeVisible();
  // Each order says who placed it, its payment, its units and its total.
  const row = adminPage
    .locator('tr, li')
    .filter({ has: view(paid.orderNumber) })
    .last();
  await expect(row.getByText(shopper.userName)).toBeVisible();
  await expect(row.getByRole('link', { name: shopper.email })).toHaveAttribute(
    'href',
    `mailto:${shopper.email}`,
  );
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await expect(row.getByText('2', { exact: true })).toBeVisible();
  await expect(row.getByText('$50.00')).toBeVisible();
  await adminPage.screenshot({
    path: `test-results/admin-orders-search-${adminPage.viewportSize()?.width}.png`,
    fullPage: true,
  });

  await form.getByLabel('Payment').selectOption({ label: 'Pending' });
  await expect(adminPage).toHaveURL(/paymentStatus=pending/);
  await expect(view(paid.orderNumber)).toHaveCount(0);
  await expect(view(pendingNumber)).toBeVisible();

  // The address holds the list: a reload shows the same search and filter.
  await adminPage.reload();
  await expect(form.getByLabel('Payment')).toHaveValue('pending');
  await expect(form.getByLabel('Search by number, email or name')).toHaveValue(
    shopper.email.toUpperCase(),
  );
  await expect(view(pendingNumber)).toBeVisible();
  await expect(view(paid.orderNumber)).toHaveCount(0);

  await form.getByLabel('Payment').selectOption({ label: 'Refunded' });
  await expect(adminPage.getByText('No order matches these filters.')).toBeVisible();

  // By number: only that order, whatever else is listed.
  await form.getByRole('button', { name: 'Clear filters' }).click();
  await expect(adminPage).not.toHaveURL(/search=|paymentStatus=/);
  await form.getByLabel('Search by number, email or name').fill(`#${paid.orderNumber}`);
  await form.getByLabel('Search by number, email or name').press('Enter');
  await expect(view(paid.orderNumber)).toBeVisible();
  await expect(adminPage.getByText('1 order', { exact: true })).toBeVisible();
  await expect(view(pendingNumber)).toHaveCount(0);
  await adminContext.close();
});
