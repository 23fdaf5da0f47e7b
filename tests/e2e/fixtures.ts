import { randomBytes } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';

export const admin = {
  email: process.env.E2E_ADMIN_EMAIL ?? '',
  password: process.env.E2E_ADMIN_PASSWORD ?? '',
};

export type Shopper = { userName: string; email: string; password: string };

export function newShopper(): Shopper {
  const id = randomBytes(4).toString('hex');
  return { userName: `Sam ${id}`, email: `sam-${id}@example.com`, password: `pw-${id}-secret` };
}

/** Signs in through the sign-in page, as a person would. */
export async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

export const test = base.extend<{ shopper: Shopper }>({
  // A registered shopper of the test's own, created through the API.
  shopper: async ({ request }, use) => {
    const shopper = newShopper();
    const res = await request.post('/api/auth/register', { data: shopper });
    expect(res.status()).toBe(201);
    await use(shopper);
  },
});

export { expect };
