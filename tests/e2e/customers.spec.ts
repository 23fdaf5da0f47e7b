import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { admin, animationsDone, createProduct, expect, signIn, test } from './fixtures';
import { buyThroughSandbox } from './purchase';

const shots = process.env.E2E_SHOTS_DIR ?? 'test-results/customers';

/** The signed-in shopper buys one product at the sandbox; answers the order number (#100042). */
async function buy(page: Page, productId: string) {
  const order = await buyThroughSandbox(page, [{ productId, quantity: 1 }], {
    address: '4 Customer Close',
    phone: '+1 555 0142',
    notes: 'Side door',
  });
  return `#${order.orderNumber}`;
}

test('the admin finds a customer by email, sees their order and adds a note', async ({
  page,
  request,
  browser,
  shopper,
}) => {
  const product = await createProduct(request, { price: 32, totalStock: 4 });
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  const orderNumber = await buy(page, product._id);

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, admin);
  await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);
  await adminPage.getByRole('link', { name: 'Customers' }).first().click();
  await expect(adminPage.getByRole('heading', { name: 'Customers' })).toBeVisible();
  await adminPage.getByLabel('Search by name or email').fill(shopper.email.toUpperCase());
  await adminPage.getByRole('button', { name: 'Search' }).click();
  const list = adminPage.getByRole('list', { name: 'Customers' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText(shopper.userName)).toBeVisible();
  await expect(list.getByText('$32.00')).toBeVisible();
  await adminPage.screenshot({ path: `${shots}/list-1280.png`, fullPage: true });

  await list.getByRole('link').click();
  await expect(adminPage.getByRole('heading', { name: shopper.userName })).toBeVisible();
  const orders = adminPage.getByRole('region', { name: 'Orders' });
  await expect(orders.getByText(orderNumber)).toBeVisible();
  await expect(orders.getByText('$32.00')).toBeVisible();
  await expect(adminPage.getByRole('region', { name: 'Addresses' })).toContainText(
    '4 Customer Close',
  );

  const notes = adminPage.getByRole('region', { name: 'Internal notes' });
  await notes.getByLabel('Add a note').fill('Asked for a gift receipt');
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(adminPage.getByText('The note was added')).toBeVisible();
  await expect(notes.getByRole('listitem')).toHaveCount(1);
  await expect(notes.getByRole('listitem')).toContainText('Asked for a gift receipt');
  const adminName = (await (await adminPage.request.get('/api/auth/check-auth')).json()).user
    .userName as string;
  await expect(notes.getByRole('listitem')).toContainText(adminName);
  await expect(notes.getByLabel('Add a note')).toHaveValue('');
  await adminPage.screenshot({ path: `${shots}/customer-1280.png`, fullPage: true });

  // The same pages on a phone.
  await adminPage.setViewportSize({ width: 390, height: 844 });
  await adminPage.screenshot({ path: `${shots}/customer-390.png`, fullPage: true });
  await adminPage.goBack();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await animationsDone(adminPage);
  await adminPage.screenshot({ path: `${shots}/list-390.png`, fullPage: true });

  // An order's note, in the admin's order details dialog.
  await adminPage.setViewportSize({ width: 1280, height: 900 });
  await adminPage.goto('/admin/orders');
  await adminPage.getByRole('button', { name: `View Details of order ${orderNumber}` }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Order details' });
  const orderNotes = dialog.getByRole('region', { name: 'Internal notes' });
  await orderNotes.getByLabel('Add a note').fill('Left with the neighbour');
  await orderNotes.getByRole('button', { name: 'Add note' }).click();
  await expect(orderNotes.getByRole('listitem')).toContainText('Left with the neighbour');
  await adminContext.close();

  // The shopper's own order answer never carries it.
  const mine = await page.request.get(`/api/shop/order/list/${await shopperId(page)}`);
  expect(await mine.text()).not.toContain('Left with the neighbour');
});

test('the admin pages through customers with Next and Previous (cursors)', async ({
  page,
  request,
}) => {
  // 26 customers of this test's own: a page of 25 and one more.
  const tag = `pager${randomBytes(4).toString('hex')}`;
  for (let i = 1; i <= 26; i += 1) {
    const n = String(i).padStart(2, '0');
    const res = await request.post('/api/auth/register', {
      data: {
        userName: `Pat ${tag} ${n}`,
        email: `${tag}-${n}@example.com`,
        password: `pw-${tag}`,
      },
    });
    expect(res.status()).toBe(201);
  }
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(`/admin/customers?search=${tag}&sort=joined`);
  const list = page.getByRole('list', { name: 'Customers' });
  const pager = page.getByRole('navigation', { name: 'Customer pages' });
  await expect(list.getByRole('listitem')).toHaveCount(25);
  await expect(list.getByRole('listitem').first()).toContainText(`Pat ${tag} 01`);
  await expect(pager).toContainText('Page 1 of 2');
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]after=/);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem')).toContainText(`Pat ${tag} 26`);
  await expect(pager).toContainText('Page 2 of 2');
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();

  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(25);
  await expect(list.getByRole('listitem').last()).toContainText(`Pat ${tag} 25`);
  await expect(pager).toContainText('Page 1 of 2');
});

async function shopperId(page: Page) {
  const me = await (await page.request.get('/api/auth/check-auth')).json();
  return me.user.id as string;
}
