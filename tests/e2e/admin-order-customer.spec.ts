import type { APIRequestContext } from '@playwright/test';
import { admin, e2eBaseURL, expect, signIn, test } from './fixtures';
import { adminOrder, buy, sizedTee } from './returns-helpers';

// The admin's order list and dialog say who placed an account order (name, mailto email,
// customer page), and an order wholly withdrawn before shipping shows as Withdrawn: not to
// fulfil, not "Every item has shipped", its withdrawal listed, nothing left to ship; the
// dashboard counts it as Withdrawn, not Confirmed.

const withdraw = async (
  request: APIRequestContext,
  body: { name: string; orderNumber: string; email: string; lines?: object[] },
) => {
  const res = await request.post('/api/shop/withdrawals', {
    data: body,
    headers: { origin: e2eBaseURL() },
  });
  expect(res.status(), await res.text()).toBe(202);
};

test('the admin sees who placed an order and a wholly withdrawn order as Withdrawn @phone', async ({
  page,
  request,
  browser,
  shopper,
}) => {
  test.setTimeout(150_000);
  const tee = await sizedTee(request, 25);
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  const whole = await buy(page, tee, ['S', 'M']);
  const part = await buy(page, tee, ['S', 'M']);
  const who = { name: shopper.userName, email: shopper.email };
  await withdraw(request, { ...who, orderNumber: whole.orderNumber });
  const small = part.lines.find((l) => l.size === 'S')!;
  await withdraw(request, {
    ...who,
    orderNumber: part.orderNumber,
    lines: [{ lineId: small.lineId, quantity: 1 }],
  });

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, admin);
  await expect(adminPage).toHaveURL(/\/admin\/dashboard$/);

  // The list: the account's name, a mailto link and its customer page, on each order.
  await adminPage.goto('/admin/orders');
  const view = adminPage.getByRole('button', {
    name: `View Details of order ${whole.orderNumber}`,
  });
  await expect(view).toBeVisible();
  const row = adminPage.locator('tr, li').filter({ has: view }).last();
  await expect(row.getByText(shopper.userName)).toBeVisible();
  await expect(row.getByRole('link', { name: shopper.email })).toHaveAttribute(
    'href',
    `mailto:${shopper.email}`,
  );
  await expect(
    row.getByRole('link', { name: `Customer page of ${shopper.userName}` }),
  ).toHaveAttribute('href', /\/admin\/customers\/.+/);
  await expect(row.getByText('Withdrawn', { exact: true })).toBeVisible();
  await adminPage.screenshot({
    path: `test-results/admin-orders-list-${adminPage.viewportSize()?.width}.png`,
    fullPage: true,
  });

  // The dialog of the wholly withdrawn order.
  const dialog = await adminOrder(adminPage, whole.orderNumber);
  const customer = dialog.getByRole('region', { name: 'Customer' });
  await expect(customer.getByText(shopper.userName)).toBeVisible();
  await expect(customer.getByRole('link', { name: shopper.email })).toHaveAttribute(
    'href',
    `mailto:${shopper.email}`,
  );
  await expect(customer.getByRole('link', { name: 'View customer page' })).toBeVisible();
  await expect(dialog.getByText('Withdrawn', { exact: true }).first()).toBeVisible();
  await expect(dialog.getByText('Every item has shipped.')).toHaveCount(0);
  await expect(dialog.getByText(/Withdrawn before shipping: nothing ships/)).toBeVisible();
  const returns = dialog.getByRole('region', { name: 'Returns and withdrawals' });
  await expect(returns.getByText(/Withdrawal asked on/)).toBeVisible();
  await expect(returns.getByText('Requested', { exact: true })).toBeVisible();
  await expect(returns.getByText(new RegExp(`1 × ${tee.title} \\(S`))).toBeVisible();
  await expect(returns.getByText(new RegExp(`1 × ${tee.title} \\(M`))).toBeVisible();
  await adminPage.screenshot({
    path: `test-results/admin-order-withdrawn-${adminPage.viewportSize()?.width}.png`,
    fullPage: true,
  });
  await adminPage.keyboard.press('Escape');

  // The partly withdrawn order: the withdrawn S is not left to ship, the M is.
  const partDialog = await adminOrder(adminPage, part.orderNumber);
  const ship = partDialog.getByRole('form', { name: 'Ship items' });
  await expect(ship.getByText('1 of 1 left to ship')).toHaveCount(1);
  await expect(ship.getByLabel(new RegExp(`${tee.title} \\(S`))).toHaveCount(0);
  await adminPage.keyboard.press('Escape');

  // The dashboard: not to fulfil, and counted as Withdrawn.
  await adminPage.goto('/admin/dashboard');
  const byStatus = adminPage.getByRole('list', { name: 'Orders by status' });
  const withdrawnRow = byStatus.getByRole('listitem').filter({ hasText: 'Withdrawn' });
  await expect(withdrawnRow).toBeVisible();
  await expect(withdrawnRow).not.toHaveText(/Withdrawn\s*0$/);
  await adminContext.close();
});
