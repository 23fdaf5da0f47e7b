import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../../contract/auth';
import { isPagePath } from '../../../contract/pages';

type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

// Which lazy route modules a path needs. Preloading them with the entry saves the shopper a
// chain of round trips (entry, then layout, then page) before anything shows.
const routeModules: [RegExp, string[]][] = [
  [/^\/shop\/home\/?$/, ['src/routes/shop/layout.tsx', 'src/routes/shop/home.tsx']],
  [/^\/shop\/listing\/?$/, ['src/routes/shop/layout.tsx', 'src/routes/shop/listing.tsx']],
  [/^\/shop\/search\/?$/, ['src/routes/shop/layout.tsx', 'src/routes/shop/search.tsx']],
  [/^\/shop\/product\//, ['src/routes/shop/layout.tsx', 'src/routes/shop/product.tsx']],
  [/^\/shop\/checkout\/?$/, ['src/routes/shop/layout.tsx', 'src/routes/shop/checkout.tsx']],
  [/^\/shop\/account\/?$/, ['src/routes/shop/layout.tsx', 'src/routes/shop/account.tsx']],
  [/^\/admin\/dashboard\/?$/, ['src/routes/admin/layout.tsx', 'src/routes/admin/dashboard.tsx']],
  [/^\/admin\/products\/?$/, ['src/routes/admin/layout.tsx', 'src/routes/admin/products.tsx']],
  [/^\/admin\/orders\/?$/, ['src/routes/admin/layout.tsx', 'src/routes/admin/orders.tsx']],
  [/^\/admin\/features\/?$/, ['src/routes/admin/layout.tsx', 'src/routes/admin/features.tsx']],
];

/** JSON safe inside an HTML <script> element. */
const embed = (value: unknown) =>
  JSON.stringify(value).replaceAll('<', '\\u003c').replaceAll('>', '\\u003e');

/**
 * The SPA's index.html, completed per request: the signed-in user as data (so the first paint
 * need not wait for check-auth) and modulepreload links for the page's own chunks. Admin
 * chunks are only named to admins, so shoppers never load admin code.
 */
export function createWebShell(webRoot: string, shop: { name: string; contactEmail: string }) {
  const shopSettings = `<script type="application/json" id="shop-settings">${embed(shop)}</script>`;
  // The stylesheet is inlined (about 8 KB compressed): first paint waits for no second request.
  const html = readFileSync(path.join(webRoot, 'index.html'), 'utf8').replace(
    /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/,
    (link, file: string) => {
      const cssPath = path.join(webRoot, file);
      return existsSync(cssPath) ? `<style>${readFileSync(cssPath, 'utf8')}</style>` : link;
    },
  );
  const manifestPath = path.join(webRoot, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(manifestPath)
    ? JSON.parse(readFileSync(manifestPath, 'utf8'))
    : {};
  const entryFiles = new Set<string>();
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const dep of chunk.imports ?? []) collect(dep, into);
  };
  collect('index.html', entryFiles);
  const prerenderPath = path.join(webRoot, 'prerender.json');
  const prerendered: Record<string, string> = existsSync(prerenderPath)
    ? JSON.parse(readFileSync(prerenderPath, 'utf8'))
    : {};

  const modulesFor = (pathname: string, user: SessionUser | null): string[] => {
    // The not-found page is a chunk of its own, wanted by everyone who reaches it.
    if (!isPagePath(pathname)) return ['src/routes/not-found.tsx'];
    const match = routeModules.find(([pattern]) => pattern.test(pathname));
    if (!match || !user) return [];
    if (pathname.startsWith('/admin') !== (user.role === 'admin')) return [];
    return match[1];
  };

  const preloadsFor = (pathname: string, user: SessionUser | null): string => {
    const files = new Set<string>();
    for (const key of modulesFor(pathname, user)) collect(key, files);
    return [...files]
      .filter((file) => !entryFiles.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('');
  };

  return (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const auth = { success: request.user !== null, user: request.user };
    const head =
      `<script type="application/json" id="initial-auth">${embed(auth)}</script>` +
      shopSettings +
      preloadsFor(pathname, request.user);
    // Signed-out visitors of the sign-in pages get their static HTML to paint at once.
    const body = request.user ? undefined : prerendered[pathname.replace(/\/$/, '')];
    let page = html.replace('</head>', `${head}</head>`);
    if (body) page = page.replace('<div id="root"></div>', `<div id="root">${body}</div>`);
    // Per user: never stored by a shared cache.
    return reply
      .header('Cache-Control', 'private, no-store')
      .type('text/html; charset=utf-8')
      .send(page);
  };
}
