import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { admin, animationsDone, asAdmin, expect, signIn, test } from './fixtures';

// No silent 0%: the admin is warned of a zone country no tax rule covers and may mark it "no
// tax here"; a shopper's US address names the state its ZIP is in. The zone is this file's own
// (Luxembourg, which no other spec ships to) and is removed after: a shop with zones refuses
// addresses they do not cover, and the other specs buy with none.

// Set E2E_SCREENSHOTS to a folder to keep a picture of each step at 390 and 1366 px.
const shots = process.env.E2E_SCREENSHOTS;
async function shoot(page: Page, name: string) {
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await animationsDone(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    if (shots) await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
}

test('the admin sees a zone country no tax rule covers, marks it "no tax here", and the warning goes', async ({
  page,
}) => {
  const id = randomBytes(3).toString('hex');
  const zoneId = await asAdmin(async (ctx) => {
    const res = await ctx.post('/api/admin/shipping-zones/add', {
      data: {
        name: `Benelux ${id}`,
        countries: ['LU'],
        methods: [{ name: 'Post', price: 9, minDays: 2, maxDays: 5 }],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).data._id as string;
  });
  try {
    await signIn(page, admin);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await page.goto('/admin/taxes');
    const refused = page.getByRole('region', { name: 'Orders refused for tax' });
    const warning = refused.getByRole('listitem').filter({ hasText: 'Luxembourg' });
    await expect(warning).toHaveText(
      /Orders to Luxembourg are refused at checkout: add a tax rule or mark it "no tax here"/,
    );
    await shoot(page, 'tax-coverage-warning');

    await warning.getByRole('button', { name: 'Mark Luxembourg “no tax here”' }).click();
    await expect(page.getByText('Marked "no tax here"')).toBeVisible();
    await expect(warning).toHaveCount(0);
    const marked = page
      .getByRole('list', { name: 'Countries with no tax' })
      .getByRole('listitem')
      .filter({ hasText: 'Luxembourg' });
    await expect(marked).toBeVisible();
    await expect(marked.getByText('Set by the upgrade')).toHaveCount(0);
    await shoot(page, 'tax-coverage-marked');

    // Removing the mark brings the warning back: the country is refused again.
    await marked.getByRole('button', { name: 'Remove “no tax here” from Luxembourg' }).click();
    await expect(page.getByText('"No tax here" mark removed')).toBeVisible();
    await expect(marked).toHaveCount(0);
    await expect(warning).toBeVisible();
  } finally {
    await asAdmin(async (ctx) => {
      await ctx.delete('/api/admin/tax-rates/no-tax/delete/LU');
      const res = await ctx.delete(`/api/admin/shipping-zones/delete/${zoneId}`);
      expect(res.status(), await res.text()).toBe(200);
    });
  }
});
