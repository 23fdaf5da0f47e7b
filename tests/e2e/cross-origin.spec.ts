import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProduct, e2eBaseURL, expect, test } from './fixtures';

// The original client runs on its own origin and calls the API with credentials. A tiny page
// on another port plays it: listed in CORS_ORIGINS (playwright.config.ts) it can sign in and
// fill a cart; on an origin not listed the browser blocks every call.
const api = e2eBaseURL();
const port = Number(process.env.E2E_PORT);
const servers: Server[] = [];

async function serveClientPage(onPort: number, body = ''): Promise<string> {
  const server = createServer((_req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(
      `<!doctype html><html lang="en"><title>Other client</title><h1>Other client</h1>${body}`,
    );
  });
  await new Promise<void>((resolve) => server.listen(onPort, '127.0.0.1', resolve));
  servers.push(server);
  return `http://localhost:${(server.address() as AddressInfo).port}/`;
}

// Each test's pages are served on ports the next test takes again.
test.afterEach(async () => {
  const closing = servers.splice(0).map((server) => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });
  await Promise.all(closing);
});

type Result = { login?: number; user?: unknown; add?: number; items?: unknown[]; error?: string };

/** Runs in the other origin's page: what the original client does, through fetch. */
function signInAndAddToCart(args: {
  api: string;
  email: string;
  password: string;
  productId: string;
}): Promise<Result> {
  const json = { 'content-type': 'application/json' };
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${args.api}${path}`, { credentials: 'include', ...init });
  return (async () => {
    const result: Result = {};
    try {
      const login = await call('/api/auth/login', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: args.email, password: args.password }),
      });
      result.login = login.status;
      const { user } = (await login.json()) as { user: { id: string } };
      result.user = user;
      const add = await call('/api/shop/cart/add', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ userId: user.id, productId: args.productId, quantity: 2 }),
      });
      result.add = add.status;
      const cart = await call(`/api/shop/cart/get/${user.id}`, {
        headers: { 'Cache-Control': 'no-cache' },
      });
      result.items = ((await cart.json()) as { data: { items: unknown[] } }).data.items;
    } catch (error) {
      result.error = String(error);
    }
    return result;
  })();
}

test('a client on an origin in CORS_ORIGINS signs in and adds to the cart', async ({
  page,
  request,
  shopper,
}) => {
  const product = await createProduct(request, { title: 'Cross-Origin Cap', totalStock: 5 });
  await page.goto(await serveClientPage(port + 1));
  await expect(page.getByRole('heading', { name: 'Other client' })).toBeVisible();
  const result = await page.evaluate(signInAndAddToCart, {
    api,
    email: shopper.email,
    password: shopper.password,
    productId: product._id,
  });
  expect(result.error).toBeUndefined();
  expect(result.login).toBe(200);
  expect(result.add).toBe(200);
  expect(result.items).toEqual([
    expect.objectContaining({
      productId: product._id,
      quantity: 2,
      // Absolute, so the other origin can show it.
      image: expect.stringMatching(new RegExp(`^${api}/uploads/`)),
    }),
  ]);
});

test('a client on an origin not listed is blocked by the browser, and changes nothing', async ({
  page,
  request,
  shopper,
}) => {
  const product = await createProduct(request, { title: 'Blocked Cap', totalStock: 5 });
  await page.goto(await serveClientPage(port + 2));
  const result = await page.evaluate(signInAndAddToCart, {
    api,
    email: shopper.email,
    password: shopper.password,
    productId: product._id,
  });
  expect(result.error).toMatch(/TypeError|Failed to fetch/);
  expect(result.login).toBeUndefined();
  // The shopper's cart, read from the shop's own origin, is still empty.
  const login = await request.post('/api/auth/login', {
    data: { email: shopper.email, password: shopper.password },
  });
  const { user } = await login.json();
  const cart = await request.get(`/api/shop/cart/get/${user.id}`);
  expect((await cart.json()).data.items).toEqual([]);
});

// Images and the built client's files are public: a client on another origin, or a CDN in
// front of the shop, shows them with a plain <img> (Cross-Origin-Resource-Policy: cross-origin).
for (const [which, offset] of [
  ['an origin in CORS_ORIGINS', 1],
  ['an origin not listed', 2],
] as const) {
  test(`a page on ${which} shows the shop's product image and icon with a plain <img>`, async ({
    page,
    request,
  }) => {
    const product = await createProduct(request, { title: 'Embedded Tee' });
    expect(product.image).toMatch(new RegExp(`^${api}/uploads/`));
    const images = `<img alt="Embedded Tee" src="${product.image}"><img alt="Shop icon" src="${api}/favicon.svg">`;
    await page.goto(await serveClientPage(port + offset, images));
    for (const name of ['Embedded Tee', 'Shop icon']) {
      const image = page.getByRole('img', { name });
      await expect(image).toHaveJSProperty('complete', true);
      expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    }
  });
}
