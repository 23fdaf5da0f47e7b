#!/usr/bin/env node
// Screenshot a page of a running shop, as a person would see it:
//   node scripts/shot.mjs http://localhost:5000/shop/home out.png [--phone] [--as email:password]
import { chromium } from '@playwright/test';

const [url, out = 'shot.png', ...rest] = process.argv.slice(2);
if (!url) {
  console.error('usage: node scripts/shot.mjs URL OUT.png [--phone] [--as email:password]');
  process.exit(2);
}
const phone = rest.includes('--phone');
const asIndex = rest.indexOf('--as');
const credentials = asIndex >= 0 ? rest[asIndex + 1] : undefined;

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const page = await browser.newPage({
  viewport: phone ? { width: 390, height: 844 } : { width: 1366, height: 900 },
  deviceScaleFactor: 1,
});
if (credentials) {
  const [email, password] = credentials.split(':');
  const origin = new URL(url).origin;
  await page.goto(`${origin}/auth/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/auth'));
}
await page.goto(url);
await page.waitForLoadState('networkidle');
await page.waitForTimeout(500);
await page.screenshot({ path: out, fullPage: rest.includes('--full') });
await browser.close();
console.log(`saved ${out}`);
