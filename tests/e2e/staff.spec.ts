import { admin, expect, signIn, test } from './fixtures';
import { mailTo } from './mail';

const shots = process.env.E2E_SHOTS_DIR ?? 'test-results/staff';

test('the owner invites a packer, who sets a password from the email and sees only orders', async ({
  browser,
}) => {
  const email = `packer-${Date.now()}@example.com`;
  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const owner = await ownerContext.newPage();
  await signIn(owner, admin);
  await expect(owner).toHaveURL(/\/admin\/dashboard$/);
  await owner
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Staff' })
    .click();
  await expect(owner.getByRole('heading', { name: 'Staff' })).toBeVisible();
  await owner.getByRole('button', { name: 'Invite staff' }).click();
  const dialog = owner.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Pat Packer');
  await dialog.getByLabel('View orders').check();
  await dialog.getByLabel('Ship orders').check();
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  const row = owner.getByRole('listitem', { name: 'Pat Packer' });
  await expect(row).toContainText('View orders, Ship orders');
  await expect(owner.getByRole('listitem').filter({ hasText: 'Owner' })).toBeVisible();
  await owner.screenshot({ path: `${shots}/staff-1280.png`, fullPage: true });
  await owner.setViewportSize({ width: 390, height: 844 });
  await owner.screenshot({ path: `${shots}/staff-390.png`, fullPage: true });
  await ownerContext.close();

  const [mail] = await mailTo(email);
  expect(mail!.text).toContain("You've been invited to help run");
  const link = (mail!.text ?? '').match(/http\S+\/auth\/reset-password\?token=\S+/)?.[0];
  expect(link).toBeTruthy();

  const packerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const packer = await packerContext.newPage();
  await packer.goto(link!);
  await packer.getByLabel('New password', { exact: true }).fill('packer password 1');
  await packer.getByLabel('Confirm password').fill('packer password 1');
  await packer.getByRole('button', { name: 'Set new password' }).click();
  await expect(packer).toHaveURL(/\/auth\/login$/);
  await signIn(packer, { email, password: 'packer password 1' });
  await expect(packer).toHaveURL(/\/admin\/dashboard$/);
  const menu = packer.getByRole('navigation', { name: 'Admin' });
  await expect(menu.getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Products' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Shipping' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Staff' })).toHaveCount(0);

  await packer.goto('/admin/products');
  await expect(
    packer.getByRole('heading', { name: 'You do not have access to this page' }),
  ).toBeVisible();
  await packer.screenshot({ path: `${shots}/no-access-1280.png`, fullPage: true });
  await packer.setViewportSize({ width: 390, height: 844 });
  await packer.screenshot({ path: `${shots}/no-access-390.png`, fullPage: true });
  await packerContext.close();
});
