import { readFile } from 'node:fs/promises';
import { admin, animationsDone, expect, signIn, test } from './fixtures';

const shots = process.env.E2E_SHOTS_DIR ?? 'test-results/privacy';

test('a shopper downloads their data, deletes the account with their password and cannot sign in again', async ({
  page,
  shopper,
}) => {
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  await page.goto('/shop/account');
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section.getByRole('heading', { name: 'Your data' })).toBeVisible();
  await page.screenshot({ path: `${shots}/account-1280.png`, fullPage: true });

  // The download is the account's JSON, named by the day.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('link', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(data.profile).toMatchObject({ email: shopper.email, userName: shopper.userName });
  expect(JSON.stringify(data)).not.toMatch(/\$argon2/);

  // A wrong password changes nothing and says so.
  await section.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('Former customer');
  await animationsDone(page);
  await page.screenshot({ path: `${shots}/delete-dialog-1280.png` });
  await dialog.getByLabel('Your password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('That password is not correct: nothing was deleted')).toBeVisible();

  await dialog.getByLabel('Your password').fill(shopper.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account was deleted and you are signed out')).toBeVisible();
  await expect(page).not.toHaveURL(/\/shop\/account/);
  const me = await (await page.request.get('/api/auth/check-auth')).json();
  expect(me.user).toBeNull();

  await signIn(page, shopper);
  await expect(page.getByText('Incorrect email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('the Your data section and its dialog on a phone @phone', async ({ page, shopper }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  await page.goto('/shop/account');
  const section = page.getByRole('region', { name: 'Your data' });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('link', { name: 'Download my data' })).toBeVisible();
  await page.screenshot({ path: `${shots}/account-390.png`, fullPage: true });
  await section.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
  await animationsDone(page);
  await page.screenshot({ path: `${shots}/delete-dialog-390.png` });
});

test("an admin downloads a customer's data and erases it from the customer page", async ({
  browser,
  request,
  shopper,
}) => {
  const login = await request.post('/api/auth/login', {
    data: { email: shopper.email, password: shopper.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  const me = await (await request.get('/api/auth/check-auth')).json();
  const shopperId = me.user.id as string;
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto(`/admin/customers/${shopperId}`);
  const section = page.getByRole('region', { name: 'Privacy request' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('link', { name: 'Download their data' }).click(),
  ]);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(data.profile.email).toBe(shopper.email);
  await section.getByRole('button', { name: 'Erase personal data' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Erase personal data' }).click();
  await expect(page.getByRole('heading', { name: 'Former customer' })).toBeVisible();
  await expect(section).toContainText('personal data was erased');
  await page.screenshot({ path: `${shots}/admin-erased-1280.png`, fullPage: true });
  await context.close();
  // The shopper cannot sign in any more.
  const again = await request.post('/api/auth/login', {
    data: { email: shopper.email, password: shopper.password },
  });
  expect(again.status()).toBe(401);
});
