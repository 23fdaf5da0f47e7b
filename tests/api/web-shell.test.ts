import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PageRenderer } from '@contract/page-render';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../factories/users';
import { createTestApp, type TestApp } from '../helpers/test-app';

// The page shell: index.html completed per request with the session and the page's chunks.
let t: TestApp;
let rendered: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'shop-web-'));
  mkdirSync(path.join(webRoot, '.vite'));
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="Shop things"><title>The Shop</title><script type="module" src="/assets/index.js"></script><link rel="stylesheet" crossorigin href="/assets/index.css"></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'assets', 'index.css'), '.title{color:red}');
  const chunk = (file: string, imports: string[] = []) => ({ file, imports });
  writeFileSync(
    path.join(webRoot, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': {
        ...chunk('assets/index.js', ['_react.js']),
        isEntry: true,
        // The app's start, imported step by step by the entry (web/src/main.tsx).
        dynamicImports: ['node_modules/react-dom/client.js', 'src/app/boot.tsx'],
      },
      '_react.js': chunk('assets/react.js'),
      'node_modules/react-dom/client.js': chunk('assets/react-dom.js', ['_react.js']),
      'src/app/boot.tsx': chunk('assets/boot.js', ['_react.js']),
      '_radix.js': chunk('assets/radix.js', ['_react.js']),
      'src/routes/shop/layout.tsx': chunk('assets/shop-layout.js', ['_radix.js']),
      'src/routes/shop/home.tsx': chunk('assets/home.js', ['_react.js']),
      'src/routes/admin/layout.tsx': chunk('assets/admin-layout.js'),
      'src/routes/admin/products.tsx': chunk('assets/admin-products.js'),
      'src/routes/not-found.tsx': chunk('assets/not-found.js', ['_react.js']),
      'src/routes/auth/login.tsx': chunk('assets/login.js', ['_react.js']),
    }),
  );
  t = await createTestApp({}, { webRoot });
  // The shell's side of a rendered page; what React renders is storefront-render.test.ts's.
  const renderer: PageRenderer = {
    render: async () => ({
      kind: 'page',
      status: 200,
      body: '<main>Rendered</main>',
      head: '<title>Rendered</title>',
      preload: '',
      state: {},
    }),
  };
  rendered = await createTestApp({ PUBLIC_STOREFRONT: 'true' }, { webRoot, renderer });
});
afterAll(async () => {
  await Promise.all([t.close(), rendered.close()]);
  rmSync(webRoot, { recursive: true, force: true });
});

const page = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

function initialAuth(html: string) {
  const json = /<script type="application\/json" id="initial-auth">(.*?)<\/script>/.exec(html)?.[1];
  return json ? JSON.parse(json) : undefined;
}

describe('page shell', () => {
  it('names the entry and every chunk of a rendered page to its loader instead of the head', async () => {
    const res = await rendered.app.inject({ method: 'GET', url: '/shop/home' });
    expect(res.body).toContain('<div id="root"><main>Rendered</main></div>');
    const modules = JSON.parse(
      /<script type="application\/json" id="app-modules">(.*?)<\/script>/.exec(res.body)?.[1] ??
        '[]',
    );
    expect(modules[0]).toBe('/assets/index.js');
    expect(modules.slice(1).sort()).toEqual(
      ['boot.js', 'home.js', 'radix.js', 'react-dom.js', 'shop-layout.js'].map(
        (file) => `/assets/${file}`,
      ),
    );
    expect(res.body).not.toContain('<script type="module"');
    expect(res.body).not.toContain('rel="modulepreload"');
  });

  it('starts a rendered sign-in page after its paint too (its form posts as HTML until then), but not the reset forms', async () => {
    const modulesOf = (body: string) =>
      JSON.parse(
        /<script type="application\/json" id="app-modules">(.*?)<\/script>/.exec(body)?.[1] ?? '[]',
      );
    const signIn = await rendered.app.inject({ method: 'GET', url: '/auth/login' });
    expect(signIn.body).not.toContain('<script type="module"');
    expect(modulesOf(signIn.body)).toContain('/assets/login.js');
    // Its form posts as HTML: under no-referrer the browser would send `Origin: null`.
    expect(signIn.headers['referrer-policy']).toBe('same-origin');
    expect((await page('/shop/home')).headers['referrer-policy']).toBe('no-referrer');
    // The reset forms are disabled until their code runs: theirs comes at once.
    for (const url of ['/auth/forgot-password', '/auth/reset-password?token=abc']) {
      const res = await rendered.app.inject({ method: 'GET', url });
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      expect(head).toContain('<script type="module" src="/assets/index.js"></script>');
      expect(res.body).not.toContain('id="app-modules"');
    }
  });

  it('embeds the signed-in user and preloads the page’s own chunks, never the entry’s again', async () => {
    const shopper = await makeUser(t, { userName: 'Sam </script><script>alert(1)' });
    const res = await page('/shop/home', shopper.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(initialAuth(res.body)).toEqual({
      success: true,
      user: {
        id: shopper.id,
        userName: shopper.userName,
        email: shopper.email,
        role: 'shopper',
        permissions: [],
      },
    });
    // The user's name cannot close the script element.
    expect(res.body.match(/<\/script>/g)).toHaveLength(3);
    for (const file of ['react-dom.js', 'boot.js', 'shop-layout.js', 'radix.js', 'home.js']) {
      expect(res.body).toContain(`<link rel="modulepreload" crossorigin href="/assets/${file}">`);
    }
    expect(res.body).not.toContain('href="/assets/react.js"');
  });

  it('says signed out, and preloads only the app’s start, without a session', async () => {
    const res = await page('/shop/home');
    expect(initialAuth(res.body)).toEqual({ success: false, user: null });
    const preloads = [...res.body.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)];
    expect(preloads.map((m) => m[1]).sort()).toEqual(['/assets/boot.js', '/assets/react-dom.js']);
    // The sign-in page's form is its own chunk, sent to anyone with the page.
    expect((await page('/auth/login')).body).toContain('href="/assets/login.js"');
    expect(res.body).not.toContain('login.js');
  });

  it('never names admin chunks to a shopper', async () => {
    const shopper = await makeUser(t);
    const admin = await makeUser(t, { role: 'admin' });
    expect((await page('/admin/products', shopper.cookie)).body).not.toContain('admin-products.js');
    expect((await page('/admin/products', admin.cookie)).body).toContain('admin-products.js');
  });

  it('links the stylesheet as a file, with one title (the shop’s name) and the file’s description without a renderer', async () => {
    const visitor = await page('/auth/login');
    // A file cached for a year, not two thirds of every page's bytes again.
    expect(visitor.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index.css">');
    expect(visitor.body).not.toContain('<style>');
    expect(visitor.body).toContain('<div id="root"></div>');
    expect(visitor.body.match(/<title>.*?<\/title>/g)).toEqual([
      '<title>The E-Commerce Store</title>',
    ]);
    expect(visitor.body.match(/<meta name="description"/g)).toHaveLength(1);
    expect(visitor.body).toContain(
      '<script type="application/json" id="shop-settings">{"name":"The E-Commerce Store","contactEmail":"shop@localhost","publicStorefront":false,"guestCheckout":false,"publicUrl":"http://localhost:5000","country":"US","pricesIncludeTax":false,"timeZone":"America/New_York"}</script>',
    );
  });

  it('serves the shell with 200 for every client page, query strings and a trailing slash too', async () => {
    for (const url of [
      '/',
      '/auth/login',
      '/shop/home/',
      '/shop/product/abc',
      '/shop/search?keyword=tee',
      '/unauth-page',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
    }
    expect(initialAuth((await page('/')).body)).toEqual({ success: false, user: null });
  });

  it.each([
    '/no/such/page',
    '/.env',
    '/package.json',
    '/shop',
    '/admin',
    '/shop/product',
    '/shop/product/a/b',
    '/shop/home/extra',
    '/.git/config',
  ])(
    'answers the page path %s that no client route matches with the app’s page and 404',
    async (url) => {
      const res = await page(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.body).not.toContain('SESSION_SECRET');
    },
  );

  it.each([
    '/api/no/such',
    '/api',
    '/api/shop/products/nope',
    '/api/admin/secret',
    '/uploads/a/b.webp',
    '/uploads',
  ])('answers %s with a JSON 404 in the error shape', async (url) => {
    const res = await page(url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', message: expect.any(String) });
  });

  it('answers a raw /uploads/../ path (curl --path-as-is) with a JSON 404', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    for (const rawPath of ['/uploads/../x', '/uploads/../package.json', '/uploads/..%2f.env']) {
      const { status, body } = await new Promise<{ status: number; body: string }>(
        (resolve, reject) => {
          const req = request({ host: '127.0.0.1', port, path: rawPath }, (res) => {
            let text = '';
            res.on('data', (d) => {
              text += d;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          });
          req.on('error', reject);
          req.end();
        },
      );
      expect(status, rawPath).toBe(404);
      expect(JSON.parse(body)).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });

  it('preloads the not-found page’s own chunk on a 404 page', async () => {
    const manifestPage = await page('/nowhere');
    expect(manifestPage.statusCode).toBe(404);
    expect(manifestPage.body).toContain('href="/assets/not-found.js"');
  });
});
