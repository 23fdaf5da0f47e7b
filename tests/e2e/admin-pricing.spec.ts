import { randomBytes } from 'node:crypto';
import { admin, expect, signIn, test } from './fixtures';

// Shipping zones and tax rates in the admin (discounts and the phone layout are in
// admin-pricing-discounts.spec.ts). Set E2E_SCREENSHOTS to a folder to keep a picture of each page.
const shots = process.env.E2E_SCREENSHOTS;
const suffix = () => randomBytes(3).toString('hex');

test('an admin adds a shipping zone with a method, fixes its days, edits and deletes it', async ({
  page,
}) => {
  const name = `Nordics ${suffix()}`;
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Shipping' })
    .click();
  await expect(page).toHaveURL(/\/admin\/shipping$/);

  await page.getByRole('button', { name: 'Add zone' }).click();
  const sheet = page.getByRole('dialog', { name: 'Add shipping zone' });
  // An empty form is refused on the spot, each error beside its field; focus goes to the first.
  await sheet.getByRole('button', { name: 'Add zone' }).click();
  const method = sheet.getByRole('group', { name: 'Method 1' });
  await expect(sheet.getByText('Name is required')).toHaveCount(2);
  await expect(sheet.getByText('Countries must name at least one country')).toBeVisible();
  await expect(method.getByText('Name is required')).toBeVisible();
  await expect(method.getByText('Price is required')).toBeVisible();
  await expect(sheet.getByLabel('Zone name')).toBeFocused();

  await sheet.getByLabel('Zone name').fill(name);
  await sheet.getByLabel('Countries').fill('se, no');
  await method.getByLabel('Name').fill('Post');
  await method.getByLabel('Price').fill('9.5');
  await method.getByLabel('Free above').fill('150');
  await method.getByLabel('Min days').fill('5');
  await method.getByLabel('Max days').fill('2');
  await sheet.getByRole('button', { name: 'Add zone' }).click();
  await expect(method.getByText('Max days must be at least Min days')).toBeVisible();
  await expect(method.getByLabel('Max days')).toHaveAttribute('aria-invalid', 'true');
  await method.getByLabel('Max days').fill('8');
  await sheet.getByRole('button', { name: 'Add zone' }).click();

  await expect(page.getByText('Shipping zone added')).toBeVisible();
  await expect(sheet).toBeHidden();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(card.getByRole('list', { name: `Countries of ${name}` })).toHaveText(/SE\s*NO/);
  const methods = card.getByRole('list', { name: `Methods of ${name}` });
  await expect(methods).toContainText('Post');
  await expect(methods).toContainText('$9.50, free from $150.00');
  await expect(methods).toContainText('5–8 days');

  // Edit: the form comes filled; a second method is added with the keyboard.
  await card.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit shipping zone' });
  await expect(edit.getByLabel('Countries')).toHaveValue('SE, NO');
  await edit.getByRole('group', { name: 'Method 1' }).getByLabel('Price').fill('8');
  await edit.getByRole('button', { name: 'Add method' }).focus();
  await page.keyboard.press('Enter');
  const express = edit.getByRole('group', { name: 'Method 2' });
  await expect(express.getByLabel('Name')).toBeFocused();
  await page.keyboard.type('Express');
  await page.keyboard.press('Tab');
  await expect(express.getByLabel('Price')).toBeFocused();
  await page.keyboard.type('19.99');
  await express.getByLabel('Min days').fill('1');
  await express.getByLabel('Max days').fill('2');
  await edit.getByRole('button', { name: 'Save zone' }).click();
  await expect(edit).toBeHidden();
  await expect(methods).toContainText('$8.00, free from $150.00');
  await expect(methods).toContainText('Express');
  await expect(methods).toContainText('$19.99');
  await expect(methods).toContainText('1–2 days');

  if (shots) await page.screenshot({ path: `${shots}/admin-shipping-1280.png`, fullPage: true });

  await card.getByRole('button', { name: `Delete ${name}` }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this zone?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Shipping zone deleted')).toBeVisible();
  await expect(card).toHaveCount(0);
});

test('an admin adds a tax rate, is told a second one for the same region exists, edits and deletes it', async ({
  page,
}) => {
  // A region no other test uses: rates are unique by country and region.
  const region = `Z${suffix().slice(0, 4)}`.toUpperCase();
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/taxes');

  const add = async (rate: string) => {
    await page.getByRole('button', { name: 'Add tax rate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add tax rate' });
    await dialog.getByLabel('Country').fill('us');
    await dialog.getByLabel('Region').fill(region.toLowerCase());
    await dialog.getByLabel('Name').fill('Sales tax');
    await dialog.getByLabel('Rate (%)').fill(rate);
    return dialog;
  };

  let dialog = await add('8.8751');
  await dialog.getByRole('button', { name: 'Add rate' }).click();
  await expect(dialog.getByText('Rate must have at most three decimals')).toBeVisible();
  await dialog.getByLabel('Rate (%)').fill('8.875');
  await dialog.getByLabel('Tax shipping too').check();
  await dialog.getByRole('button', { name: 'Add rate' }).click();
  await expect(page.getByText('Tax rate added')).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: region });
  await expect(row).toContainText('US');
  await expect(row).toContainText('8.875%');
  await expect(row).toContainText('Taxed');

  // Only the server knows the pair is taken: its message is shown beside the field it names.
  dialog = await add('5');
  await dialog.getByRole('button', { name: 'Add rate' }).click();
  await expect(
    dialog.getByText('Region: a rate for this country and region exists already'),
  ).toBeVisible();
  await expect(dialog.getByLabel('Region')).toHaveAttribute('aria-invalid', 'true');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await row.getByRole('button', { name: /^Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit tax rate' });
  await expect(edit.getByLabel('Rate (%)')).toHaveValue('8.875');
  await edit.getByLabel('Rate (%)').fill('7.25');
  await edit.getByLabel('Tax shipping too').uncheck();
  await edit.getByRole('button', { name: 'Save rate' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('7.25%');
  await expect(row).toContainText('Not taxed');

  if (shots) await page.screenshot({ path: `${shots}/admin-taxes-1280.png`, fullPage: true });

  await row.getByRole('button', { name: /^Delete/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Tax rate deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
});
