import { expect, signIn, test } from './fixtures';
import { mailTo } from './mail';

test('a shopper who forgot the password resets it from the emailed link and signs in', async ({
  page,
  shopper,
}) => {
  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByRole('button', { name: 'Email me a link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account exists for this email');

  const [mail] = await mailTo(shopper.email);
  expect(mail!.subject).toContain('Reset your password');
  const link = (mail!.text ?? '').match(/http\S+\/auth\/reset-password\?token=\S+/)?.[0];
  expect(link).toBeTruthy();

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  const newPassword = `${shopper.password}-new`;
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  await signIn(page, { email: shopper.email, password: newPassword });
  await expect(page).toHaveURL(/\/shop\/home$/);

  // The link was used: opening it again and trying refuses.
  await page.context().clearCookies();
  await page.goto(link!);
  await page.getByLabel('New password', { exact: true }).fill('yet another password');
  await page.getByLabel('Confirm password').fill('yet another password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('This reset link is invalid, used or expired')).toBeVisible();
});
