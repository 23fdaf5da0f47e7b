import { randomBytes } from 'node:crypto';
import type { Product } from '@contract/catalog';
import type { SizeChart } from '@contract/size-charts';
import type { APIRequestContext, Page } from '@playwright/test';
import { demoSizeCharts } from '../../server/src/modules/seed/demo-size-charts';
import { admin, asAdmin, createProduct, expect, signIn, test } from './fixtures';

// Issue 28: the size guide beside the size picker (keyboard alone, a 390 px phone), fabric and
// care on the product page, "find my size", and the admin's chart editor.
const shots = process.env.E2E_SCREENSHOTS;

async function createChart(name: string): Promise<SizeChart> {
  return asAdmin(async (ctx) => {
    const res = await ctx.post('/api/admin/size-charts/add', {
      data: {
        name,
        unit: 'cm',
        columns: demoSizeCharts.men.columns,
        // The demo men's chart from S to XL, the sizes of sizedTee.
        rows: demoSizeCharts.men.rows.filter((r) => ['S', 'M', 'L', 'XL'].includes(r.size)),
        howToMeasure: 'Chest: around the fullest part, under the arms.\nWaist: at the narrowest.',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).data as SizeChart;
  });
}

async function sizedTee(
  request: APIRequestContext,
  chart: SizeChart,
  brand: Product['brand'] = 'nike',
) {
  return createProduct(request, {
    title: `Guide Tee ${randomBytes(3).toString('hex')}`,
    category: 'men',
    brand,
    sizeChartId: chart._id,
    variants: ['S', 'M', 'L', 'XL'].map((size) => ({ size, color: 'Black', totalStock: 5 })),
    composition: [
      {
        part: 'Body',
        fibres: [
          { fibre: 'cotton', percent: 95 },
          { fibre: 'elastane', percent: 5 },
        ],
      },
      { part: 'Rib', fibres: [{ fibre: 'cotton', percent: 100 }] },
    ],
    care: { wash: '30', bleach: 'no', dry: 'tumble-low', iron: 'medium', dryClean: 'no' },
  });
}

/** Presses Tab until `matches` holds (the way a keyboard user gets somewhere). */
async function tabTo(page: Page, matches: () => Promise<boolean>, most = 60) {
  for (let i = 0; i < most; i += 1) {
    await page.keyboard.press('Tab');
    if (await matches()) return;
  }
  throw new Error('never reached by Tab');
}
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      text: el?.textContent?.trim() ?? '',
      label: el?.getAttribute('aria-label') ?? '',
      type: (el as HTMLInputElement | null)?.type ?? '',
      value: (el as HTMLInputElement | null)?.value ?? '',
      inDialog: Boolean(el?.closest('[role="dialog"]')),
    };
  });

test('the size guide opens and is used with the keyboard alone; the page shows fabric and care', async ({
  page,
  shopper,
  request,
}) => {
  test.setTimeout(90_000);
  const chart = await createChart(`E2E tops ${randomBytes(3).toString('hex')}`);
  const tee = await sizedTee(request, chart);
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  await page.goto(`/shop/product/${tee._id}`);
  const main = page.getByRole('main');

  // Fabric and care: each part's fibres, each care symbol's text.
  const fabric = main.getByRole('region', { name: 'Fabric and care' });
  await expect(fabric.getByText('Body: 95% cotton, 5% elastane')).toBeVisible();
  await expect(fabric.getByText('Rib: 100% cotton')).toBeVisible();
  for (const text of ['Machine wash at 30 °C (86 °F)', 'Do not bleach', 'Tumble dry, low heat']) {
    await expect(fabric.getByText(text)).toBeVisible();
  }

  if (shots) await page.screenshot({ path: `${shots}/product-1280.png`, fullPage: true });

  // Keyboard alone: Tab to the sizes, pick M with the arrow keys, back to the guide, open it.
  await tabTo(page, async () => {
    const f = await focused(page);
    return f.type === 'radio' && ['S', 'M', 'L', 'XL'].includes(f.value);
  });
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await expect(main.getByRole('radio', { name: 'M', exact: true })).toBeChecked();
  await page.keyboard.press('Shift+Tab');
  expect((await focused(page)).text).toBe('Size guide');
  await page.keyboard.press('Enter');

  const guide = page.getByRole('dialog', { name: `Size guide: ${chart.name}` });
  await expect(guide).toBeVisible();
  expect((await focused(page)).inDialog).toBe(true);
  // cm with inches beside; the chosen size's row is marked for eyes and screen readers.
  const table = guide.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Chest' })).toBeVisible();
  const chosen = table.getByRole('row', { name: /M \(your choice\)/ });
  await expect(chosen).toHaveAttribute('data-chosen', 'true');
  await expect(chosen).toContainText('96–104 cm');
  await expect(chosen).toContainText('37.8–40.9 in');
  await expect(guide.getByRole('heading', { name: 'How to measure' })).toBeVisible();
  // Focus stays in the dialog however far one tabs.
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    expect((await focused(page)).inDialog).toBe(true);
  }
  if (shots) await page.screenshot({ path: `${shots}/size-guide-1280.png` });
  // Escape closes it and gives the focus back to the link.
  await page.keyboard.press('Escape');
  await expect(guide).toBeHidden();
  expect((await focused(page)).text).toBe('Size guide');
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the size guide fits the screen and reads in cm and inches', async ({
    page,
    shopper,
    request,
  }) => {
    test.setTimeout(90_000);
    const chart = await createChart(`E2E phone ${randomBytes(3).toString('hex')}`);
    const tee = await sizedTee(request, chart);
    await signIn(page, shopper);
    await expect(page).toHaveURL(/\/shop\/home$/);
    await page.goto(`/shop/product/${tee._id}`);
    const main = page.getByRole('main');
    await main.getByRole('radio', { name: 'L', exact: true }).check();
    if (shots) await page.screenshot({ path: `${shots}/product-390.png`, fullPage: true });
    await main.getByRole('button', { name: 'Size guide' }).tap();
    const guide = page.getByRole('dialog', { name: `Size guide: ${chart.name}` });
    await expect(guide).toBeVisible();
    const box = await guide.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    // The whole table fits: no sideways scrolling needed to read a measurement.
    const table = guide.getByRole('table');
    const tableBox = await table.boundingBox();
    expect(tableBox!.x + tableBox!.width).toBeLessThanOrEqual(box!.x + box!.width);
    const chosen = table.getByRole('row', { name: /L \(your choice\)/ });
    await expect(chosen).toContainText('104–112 cm');
    await expect(chosen).toContainText('40.9–44.1 in');
    if (shots) await page.screenshot({ path: `${shots}/size-guide-390.png` });
    // A short phone screen: the chart and the rest scroll, the heading and Close stay in view.
    await page.setViewportSize({ width: 390, height: 560 });
    const body = guide.getByTestId('size-guide-body');
    const scrolled = await body.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
      return { overflow: el.scrollHeight > el.clientHeight, top: el.scrollTop };
    });
    expect(scrolled.overflow).toBe(true);
    expect(scrolled.top).toBeGreaterThan(0);
    const close = guide.getByRole('button', { name: 'Close' });
    const closeBox = await close.boundingBox();
    expect(closeBox!.y).toBeGreaterThanOrEqual(0);
    expect(closeBox!.y + closeBox!.height).toBeLessThanOrEqual(560);
    await expect(
      guide.getByRole('heading', { name: `Size guide: ${chart.name}` }),
    ).toBeInViewport();
    if (shots) await page.screenshot({ path: `${shots}/size-guide-390-scrolled.png` });
    await close.tap();
    await expect(guide).toBeHidden();
  });
});

test('a shopper saves their size and finds it picked on the brand’s other products', async ({
  page,
  shopper,
  request,
}) => {
  test.setTimeout(90_000);
  const chart = await createChart(`E2E find ${randomBytes(3).toString('hex')}`);
  const first = await sizedTee(request, chart, 'puma');
  const second = await sizedTee(request, chart, 'puma');
  await signIn(page, shopper);
  await expect(page).toHaveURL(/\/shop\/home$/);
  await page.goto(`/shop/product/${first._id}`);
  await page.getByRole('main').getByRole('button', { name: 'Size guide' }).click();
  const guide = page.getByRole('dialog', { name: /Size guide/ });
  await guide.getByLabel('I wear, in Puma Men').selectOption('L');
  await guide.getByRole('button', { name: 'Save my size' }).click();
  await expect(guide.getByText('Saved: you wear L in Puma Men.')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto(`/shop/product/${second._id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('radio', { name: 'L', exact: true })).toBeChecked();
  await expect(main.getByText('You wear L in Puma Men, so we picked L.')).toBeVisible();
});

test('the admin keeps size charts in an editor and gives a product one', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `Editor chart ${randomBytes(3).toString('hex')}`;
  await signIn(page, admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/size-charts');
  await page.getByRole('button', { name: 'Add size chart' }).click();
  const editor = page.getByRole('dialog', { name: 'Add size chart' });
  await editor.getByLabel('Name', { exact: true }).fill(name);
  await editor.getByRole('textbox', { name: 'Chest for S, cm' }).fill('88-96');
  await editor.getByRole('textbox', { name: 'Chest for M, cm' }).fill('96-104');
  await editor.getByRole('textbox', { name: 'Chest for L, cm' }).fill('abc');
  await editor.getByRole('button', { name: 'Add chart' }).click();
  // A measurement that is no number is refused beside its cell.
  await expect(editor.getByRole('textbox', { name: 'Chest for L, cm' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await editor.getByRole('textbox', { name: 'Chest for L, cm' }).fill('104-112');
  await editor.getByLabel('How to measure').fill('Chest: around the fullest part.');
  if (shots) await page.screenshot({ path: `${shots}/size-chart-editor.png` });
  await editor.getByRole('button', { name: 'Add chart' }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByRole('heading', { name })).toBeVisible();

  // The product form offers it, with fibres that must add up to 100.
  await page.goto('/admin/products');
  await page.getByRole('button', { name: 'Add New Product' }).click();
  const sheet = page.getByRole('dialog', { name: 'Add New Product' });
  await sheet.getByLabel('Size chart').selectOption({ label: name });
  await sheet.getByRole('button', { name: 'Add part' }).click();
  await sheet.getByRole('spinbutton', { name: 'Percent of Cotton' }).fill('90');
  await expect(sheet.getByText('Total 90% (must be 100%)')).toBeVisible();
  await sheet.getByRole('spinbutton', { name: 'Percent of Cotton' }).fill('100');
  await expect(sheet.getByText('Total 100%')).toBeVisible();
});
