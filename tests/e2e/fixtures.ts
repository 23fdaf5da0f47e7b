import { randomBytes } from 'node:crypto';
import type { FeatureImage, Product, ProductInput } from '@contract/catalog';
import {
  type APIRequestContext,
  test as base,
  expect,
  type Page,
  request as playwrightRequest,
} from '@playwright/test';
import sharp from 'sharp';

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

/**
 * Waits until the page is live: server-rendered pages show before their JavaScript runs, and a
 * click on a button before then does nothing (the app marks `<html data-hydrated>`).
 */
export async function waitForHydration(page: Page) {
  // Pages that are not the shop's (another origin's client, PayPal's) have nothing to wait for.
  await page.waitForFunction(
    () => !document.getElementById('root') || document.documentElement.dataset.hydrated === 'true',
  );
}

/**
 * Waits until no animation runs: sheets and dialogs slide in, and a picture taken then is of
 * where they stop.
 */
export async function animationsDone(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running'),
  );
}

export const test = base.extend<{ shopper: Shopper }>({
  // Loading a document waits for it to be live, as a person waits for a page to respond.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await waitForHydration(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await waitForHydration(page);
      return response;
    };
    await use(page);
  },
  // API calls made by tests stand for the shop's own pages: browsers send Origin on every
  // POST/PUT/DELETE, and the CSRF check refuses a session cookie without it.
  request: async ({ playwright }, use) => {
    const ctx = await playwright.request.newContext({
      baseURL: e2eBaseURL(),
      extraHTTPHeaders: { origin: e2eBaseURL() },
    });
    await use(ctx);
    await ctx.dispose();
  },
  // A registered shopper of the test's own, created through the API.
  shopper: async ({ request }, use) => {
    const shopper = newShopper();
    const res = await request.post('/api/auth/register', { data: shopper });
    expect(res.status()).toBe(201);
    await use(shopper);
  },
});

/** A small real PNG made in the test process (no files on disk, no downloads). */
export async function makePng(width = 400, height = 400, colour = '#2563eb'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#f1f5f9"/>
    <circle cx="50%" cy="50%" r="${Math.min(width, height) / 3}" fill="${colour}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The server playwright.config.ts starts (its port is set in the runner, inherited here). */
export const e2eBaseURL = () => `http://localhost:${process.env.E2E_PORT}`;

/**
 * Runs `work` with a request context signed in as the E2E admin: its own cookie jar, so the
 * admin session never leaks into the test's `request` or `page`.
 */
export async function asAdmin<T>(
  work: (adminRequest: APIRequestContext) => Promise<T>,
): Promise<T> {
  const ctx = await playwrightRequest.newContext({
    baseURL: e2eBaseURL(),
    extraHTTPHeaders: { origin: e2eBaseURL() },
  });
  try {
    const res = await ctx.post('/api/auth/login', { data: admin });
    expect(res.status(), await res.text()).toBe(200);
    return await work(ctx);
  } finally {
    await ctx.dispose();
  }
}

export async function uploadPng(ctx: APIRequestContext, png: Buffer): Promise<string> {
  const res = await ctx.post('/api/admin/products/upload-image', {
    multipart: { file: { name: 'e2e.png', mimeType: 'image/png', buffer: png } },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).result.url as string;
}

/**
 * Creates a product through the admin API (image uploaded first) and returns it with `_id`.
 * `request` is the test's own context, left untouched: the admin signs in on a context of its own.
 */
export async function createProduct(
  _request: APIRequestContext,
  overrides: Partial<Omit<ProductInput, 'image'>> = {},
): Promise<Product> {
  return asAdmin(async (ctx) => {
    const image = await uploadPng(ctx, await makePng());
    const id = randomBytes(3).toString('hex');
    const res = await ctx.post('/api/admin/products/add', {
      data: {
        image,
        title: `E2E Tee ${id}`,
        description: 'A soft cotton tee made by an end-to-end test.',
        category: 'men',
        brand: 'nike',
        price: 25,
        salePrice: 0,
        totalStock: 20,
        ...overrides,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).data as Product;
  });
}

/**
 * Sets a product's sale price as the admin's product editor would (the product sent back
 * whole): a sale announced as a reduction needs a price before it (docs/pricing.md).
 */
export async function setSalePrice(product: Product, salePrice: number): Promise<Product> {
  return asAdmin(async (ctx) => {
    const res = await ctx.put(`/api/admin/products/edit/${product._id}`, {
      data: { ...product, salePrice },
    });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).data as Product;
  });
}

/** Uploads a wide banner image and adds it as a home feature image, with optional text. */
export async function createBanner(
  _request: APIRequestContext,
  text: Partial<Pick<FeatureImage, 'title' | 'text' | 'buttonLabel' | 'link'>> = {},
): Promise<FeatureImage> {
  return asAdmin(async (ctx) => {
    const image = await uploadPng(ctx, await makePng(1200, 400, '#db2777'));
    const res = await ctx.post('/api/common/feature/add', { data: { image, ...text } });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).data as FeatureImage;
  });
}

export { expect };
