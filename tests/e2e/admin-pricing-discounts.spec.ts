import { randomBytes } from 'node:crypto';
import type { Discount, ShippingZone, TaxRate } from '@contract/pricing';
import { admin, animationsDone, asAdmin, expect, signIn, test } from './fixtures';

// Discount codes in the admin, and every pricing page on a 390 px phone (shipping zones and
// tax rates are in admin-pricing.spec.ts). Set E2E_SCREENSHOTS to a folder to keep a picture of each page.
const shots = process.env.E2E_SCREENSHOTS;
const suffix = () => randomBytes(3).toString('hex');

test('an admin adds a discount code, is refused a 150% value and a taken code, edits and deletes it', async ({
  page,
}) => {
  const code = `SPRING-${suffix()}`.toUpperCase();
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Discounts given' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Admin' })
    .getByRole('link', { name: 'Discounts' })
    .click();
  await expect(page).toHaveURL(/\/admin\/discounts$/);

  const open = async () => {
    await page.getByRole('button', { name: 'Add discount code' }).click();
    return page.getByRole('dialog', { name: 'Add discount code' });
  };
  let sheet = await open();
  await sheet.getByLabel('Code').fill(code);
  await expect(sheet.getByRole('combobox', { name: 'Type' })).toHaveText('Percent off');
  await sheet.getByLabel('Value (%)').fill('150');
  await sheet.getByRole('button', { name: 'Add code' }).click();
  await expect(sheet.getByText('Value must be above 0 and at most 100')).toBeVisible();
  await expect(sheet.getByLabel('Value (%)')).toBeFocused();

  await sheet.getByLabel('Value (%)').fill('15');
  await sheet.getByLabel('Minimum subtotal ($)').fill('50');
  await sheet.getByLabel('Total uses').fill('100');
  await sheet.getByLabel('Uses per customer').fill('1');
  await sheet.getByLabel('Ends').fill('2099-12-31T23:59');
  await sheet
    .getByRole('group', { name: /Categories/ })
    .getByRole('checkbox', { name: 'Men', exact: true })
    .check();
  await sheet.getByRole('button', { name: 'Add code' }).click();
  await expect(page.getByText('Discount code added')).toBeVisible();
  await expect(sheet).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('15% off');
  await expect(row).toContainText('min $50.00 · Men');
  await expect(row).toContainText('100 total · 1 each');
  await expect(row).toContainText('Until Dec 31, 2099');
  await expect(row).toContainText('Active');
  await expect(row.getByRole('cell').nth(4)).toHaveText('0');
  await expect(row.getByRole('cell').nth(6)).toHaveText('$0.00');

  // Codes are unique whatever their case: only the server knows, and says so by the field.
  sheet = await open();
  await sheet.getByLabel('Code').fill(code.toLowerCase());
  await sheet.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Free shipping' }).click();
  await expect(sheet.getByLabel(/^Value/)).toHaveCount(0);
  await sheet.getByRole('button', { name: 'Add code' }).click();
  await expect(sheet.getByText('Code: this code exists already')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  await row.getByRole('button', { name: `Edit ${code}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit discount code' });
  await expect(edit.getByLabel('Value (%)')).toHaveValue('15');
  await expect(edit.getByLabel('Ends')).toHaveValue('2099-12-31T23:59');
  await edit.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Amount off' }).click();
  await edit.getByLabel('Value ($)').fill('12.5');
  await edit.getByRole('button', { name: 'Save code' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('$12.50 off');

  if (shots) await page.screenshot({ path: `${shots}/admin-discounts-1280.png`, fullPage: true });

  await row.getByRole('button', { name: `Delete ${code}` }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this discount code?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Discount code deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('on a 390 px screen the pricing pages fit the width and show every figure', async ({
  page,
}) => {
  const id = suffix();
  const code = `PHONE-${id}`.toUpperCase();
  // A zone and a rate no shopper of another test ships to or pays.
  const { zone, rate } = await asAdmin(async (ctx) => {
    const zoneRes = await ctx.post('/api/admin/shipping-zones/add', {
      data: {
        name: `Baltics ${id}`,
        countries: ['EE', 'LV', 'LT'],
        methods: [
          { name: 'Post', price: 12, freeOver: 200, minDays: 4, maxDays: 9 },
          {
            name: 'Courier',
            price: 29.9,
            tiers: [{ minSubtotal: 100, price: 19.9 }],
            minDays: 1,
            maxDays: 3,
          },
        ],
      },
    });
    expect(zoneRes.status(), await zoneRes.text()).toBe(201);
    const rateRes = await ctx.post('/api/admin/tax-rates/add', {
      data: { country: 'EE', region: `Z${id.slice(0, 4)}`, name: 'VAT', rate: 22 },
    });
    expect(rateRes.status(), await rateRes.text()).toBe(201);
    return {
      zone: (await zoneRes.json()).data as ShippingZone,
      rate: (await rateRes.json()).data as TaxRate,
    };
  });

  try {
    await signIn(page, admin);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/discounts');
    await page.getByRole('button', { name: 'Add discount code' }).click();
    const sheet = page.getByRole('dialog', { name: 'Add discount code' });
    await sheet.getByLabel('Code').fill(code);
    await sheet.getByLabel('Value (%)').fill('10');
    if (shots) {
      await animationsDone(page);
      await page.screenshot({ path: `${shots}/admin-discount-sheet-390.png` });
    }
    await sheet.getByRole('button', { name: 'Add code' }).click();
    await expect(sheet).toBeHidden();

    const card = page
      .getByRole('list', { name: 'Discount codes' })
      .getByRole('listitem')
      .filter({ hasText: code });
    await expect(card).toContainText('10% off');
    await expect(card).toContainText('Discount given$0.00');
    await expect(card.getByRole('button', { name: `Edit ${code}` })).toBeVisible();

    const pages = [
      ['/admin/discounts', code],
      ['/admin/shipping', zone.name],
      ['/admin/taxes', `EE-${rate.region}`],
      ['/admin/dashboard', 'Discounts given'],
    ] as const;
    for (const [path, shown] of pages) {
      await page.goto(path);
      await expect(page.getByText(shown).first()).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      if (shots) {
        await page.screenshot({
          path: `${shots}/admin-${path.split('/').at(-1)}-390.png`,
          fullPage: true,
        });
      }
    }
    if (shots) {
      await page.goto('/admin/shipping');
      await page.getByRole('button', { name: `Edit ${zone.name}` }).click();
      await animationsDone(page);
      await page.screenshot({ path: `${shots}/admin-zone-sheet-390.png` });
      await page.setViewportSize({ width: 1280, height: 720 });
      await animationsDone(page);
      await page.screenshot({ path: `${shots}/admin-zone-sheet-1280.png` });
      await page.keyboard.press('Escape');
      for (const path of [
        '/admin/shipping',
        '/admin/taxes',
        '/admin/discounts',
        '/admin/dashboard',
      ]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.screenshot({
          path: `${shots}/admin-${path.split('/').at(-1)}-1280-data.png`,
          fullPage: true,
        });
      }
    }
  } finally {
    await asAdmin(async (ctx) => {
      await ctx.delete(`/api/admin/shipping-zones/delete/${zone._id}`);
      await ctx.delete(`/api/admin/tax-rates/delete/${rate._id}`);
      const list = (await (await ctx.get('/api/admin/discounts/get')).json()).data as Discount[];
      const mine = list.find((d) => d.code === code);
      if (mine) await ctx.delete(`/api/admin/discounts/delete/${mine._id}`);
    });
  }
});

test('a category the catalogue does not have: the server’s 400 is shown under Categories, at 1280 and 390 px', async ({
  page,
}) => {
  const code = `STALE-${suffix()}`.toUpperCase();
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/discounts');
  // The body leaves the page as a stale or hostile client would send it; the real server answers.
  await page.route('**/api/admin/discounts/add', (route) => {
    const body = route.request().postDataJSON() as { categories: string[] };
    return route.continue({
      postData: JSON.stringify({ ...body, categories: [...body.categories, 'shoes'] }),
    });
  });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.getByRole('button', { name: 'Add discount code' }).click();
    const sheet = page.getByRole('dialog', { name: 'Add discount code' });
    await sheet.getByLabel('Code').fill(code);
    await sheet.getByLabel('Value (%)').fill('10');
    const kids = sheet.getByRole('group', { name: /Categories/ });
    await kids.getByRole('checkbox', { name: 'Kids', exact: true }).check();
    await sheet.getByRole('button', { name: 'Add code' }).click();
    const error = kids.getByRole('alert');
    await expect(error).toHaveText(
      'Categories "shoes" is not a category (men, women, kids, accessories, footwear)',
    );
    await expect(sheet).toBeVisible();
    await animationsDone(page);
    if (shots) await page.screenshot({ path: `${shots}/admin-discount-bad-category-${width}.png` });
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
  }
  await expect(page.getByRole('row').filter({ hasText: code })).toHaveCount(0);
});
