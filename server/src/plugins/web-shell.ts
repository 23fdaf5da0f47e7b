import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SessionUser } from '@contract/auth';
import type { PageRenderer, RenderResult, ShopSettings } from '@contract/page-render';
import { isPagePath } from '@contract/pages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { skipped, TurnQueue } from '../lib/turn-queue';
import { appLoaderScript } from './app-loader';

type Manifest = Record<
  string,
  { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }
>;

// Which lazy route modules a path needs. Preloading them with the entry saves the shopper a
// chain of round trips (entry, then layout, then page) before anything shows.
const routeModules: [RegExp, string[]][] = [
  [/^\/shop\/home\/?$/, ['src/routes/shop/layout.tsx', 'src/routes/shop/home.tsx']],
  [/^\/shop\/listing\/?$/, ['src/routes/shop/layout.tsx', 'src/routes/shop/listing.tsx']],
  [/^\/shop\/search\/?$/, ['src/routes/shop/layout.tsx', 'src/routes/shop/search.tsx']],
  [/^\/shop\/product\//, ['src/routes/shop/layout.tsx', 'src/routes/shop/product.tsx']],
  [/^\/shop\/checkout\/?$/, ['src/routes/shop/layout.tsx', 'src/routes/shop/checkout.tsx']],
  [/^\/shop\/account\/?$/, ['src/routes/shop/layout.tsx', 'src/routes/shop/account.tsx']],
  [
    /^\/shop\/order\/lookup\/?$/,
    ['src/routes/shop/layout.tsx', 'src/routes/shop/order-lookup.tsx'],
  ],
  [/^\/shop\/order\/withdraw\/?$/, ['src/routes/shop/layout.tsx', 'src/routes/shop/withdraw.tsx']],
  [/^\/shop\/order\/[^/]+\/?$/, ['src/routes/shop/layout.tsx', 'src/routes/shop/order-status.tsx']],
  [/^\/shop\/claim-orders\/?$/, ['src/routes/shop/layout.tsx', 'src/routes/shop/claim-orders.tsx']],
  [/^\/admin\/dashboard\/?$/, ['src/routes/admin/layout.tsx', 'src/routes/admin/dashboard.tsx']],
  [/^\/admin\/products\/?$/, ['src/routes/admin/layout.tsx', 'src/routes/admin/products.tsx']],
  [
    /^\/admin\/size-charts\/?$/,
    ['src/routes/admin/layout.tsx', 'src/routes/admin/size-charts.tsx'],
  ],
  [/^\/admin\/orders\/?$/, ['src/routes/admin/layout.tsx', 'src/routes/admin/orders.tsx']],
  [/^\/admin\/features\/?$/, ['src/routes/admin/layout.tsx', 'src/routes/admin/features.tsx']],
  [/^\/admin\/shipping\/?$/, ['src/routes/admin/layout.tsx', 'src/routes/admin/shipping.tsx']],
  [/^\/admin\/taxes\/?$/, ['src/routes/admin/layout.tsx', 'src/routes/admin/taxes.tsx']],
  [/^\/admin\/discounts\/?$/, ['src/routes/admin/layout.tsx', 'src/routes/admin/discounts.tsx']],
  [/^\/admin\/returns\/?$/, ['src/routes/admin/layout.tsx', 'src/routes/admin/returns.tsx']],
];

/** The sign-in pages' own modules: anyone may be sent to them. */
const authModules: [RegExp, string][] = [
  [/^\/auth\/login\/?$/, 'src/routes/auth/login.tsx'],
  [/^\/auth\/register\/?$/, 'src/routes/auth/register.tsx'],
  [/^\/auth\/forgot-password\/?$/, 'src/routes/auth/forgot-password.tsx'],
  [/^\/auth\/reset-password\/?$/, 'src/routes/auth/reset-password.tsx'],
];
/** Auth pages whose form waits for its code: the others post as HTML (modules/auth/auth.forms.ts). */
const formNeedsCode = /^\/auth\/(forgot|reset)-password\/?$/;
const formPostsAsHtml = /^\/auth\/(login|register)\/?$/;

/** A guest order's status page and the lookup: never indexed (the status link is a credential). */
const isOrderPage = (pathname: string) => pathname.startsWith('/shop/order/');

const escapeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** JSON safe inside an HTML <script> element. */
const embed = (value: unknown) =>
  JSON.stringify(value).replaceAll('<', '\\u003c').replaceAll('>', '\\u003e');

export type WebShellOptions = {
  /** The storefront renderer (dist/ssr/entry-server.js); without it pages render in the browser. */
  renderer?: PageRenderer;
  settings: ShopSettings;
};

/**
 * Pages rendered at once: enough to keep the CPU busy while some wait for their reads. More
 * would only interleave them: under 50 page loads at once every render slowed down together,
 * p99 6.8 s with timeouts, and the renders' memory added up.
 */
const RENDERS_AT_ONCE = 4;
/** A page that waited this long for its turn is drawn by the browser instead (the same page). */
const RENDER_WAIT_MS = 1000;

/**
 * The page shell: index.html completed per request. Storefront pages come rendered with their
 * data (the renderer reads the API in-process as this request's user); every page carries the
 * signed-in user and the shop's settings as data, and names its own chunks: in the head as
 * modulepreload links, or, on a rendered shop page, to the loader that starts the app after the
 * first paint.
 * Admin chunks are only named to admins, so shoppers never load admin code.
 */
export function createWebShell(app: FastifyInstance, webRoot: string, options: WebShellOptions) {
  // The stylesheet is inlined (about 8 KB compressed): first paint waits for no second request.
  // Each page brings its own title and description; pages drawn in the browser get the file's.
  const source = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const titlePattern = /<title>.*?<\/title>/s;
  const descriptionPattern = /<meta name="description"[^>]*>/;
  // Until the page sets its own, the title is the shop's name (SHOP_NAME), not the file's.
  const defaultHead =
    `<title>${escapeText(options.settings.name)}</title>` +
    (descriptionPattern.exec(source)?.[0] ?? '');
  const html = source
    .replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/, (link, file: string) => {
      const cssPath = path.join(webRoot, file);
      return existsSync(cssPath) ? `<style>${readFileSync(cssPath, 'utf8')}</style>` : link;
    })
    .replace(titlePattern, '')
    .replace(descriptionPattern, '');
  // A page the server rendered starts the app after its first paint (app-loader.ts): the
  // entry's <script> and its preloads leave the head and are named to the loader instead.
  const entryTags =
    /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>|<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;
  const entryMatches = [...html.matchAll(entryTags)];
  // The entry first (the loader imports it), then what it imports.
  const entryModules = [
    ...entryMatches.flatMap((m) => (m[1] ? [m[1]] : [])),
    ...entryMatches.flatMap((m) => (m[2] ? [m[2]] : [])),
  ];
  const renderedHtml = html.replace(entryTags, '');
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
  // The entry starts the app in steps (web/src/main.tsx), importing each: every page wants
  // them, so they are preloaded with every page rather than fetched one after the other.
  const bootModules = manifest['index.html']?.dynamicImports ?? [];

  const modulesFor = (pathname: string, user: SessionUser | null): string[] => {
    // The not-found page is a chunk of its own, wanted by everyone who reaches it.
    if (!isPagePath(pathname)) return ['src/routes/not-found.tsx'];
    // Information pages are open to everyone (the shop header comes with them for shoppers).
    if (pathname.startsWith('/pages/')) {
      return user?.role === 'shopper'
        ? ['src/routes/info/page.tsx', 'src/routes/shop/layout.tsx']
        : ['src/routes/info/page.tsx'];
    }
    const auth = authModules.find(([pattern]) => pattern.test(pathname));
    if (auth) return [auth[1]];
    const match = routeModules.find(([pattern]) => pattern.test(pathname));
    if (!match) return [];
    const isAdminPage = pathname.startsWith('/admin');
    // A guest order's pages are open to anyone holding their link (GUEST_CHECKOUT).
    const isOpen = options.settings.publicStorefront || isOrderPage(pathname);
    const isBackOffice = user?.role === 'admin' || user?.role === 'staff';
    if (isAdminPage ? !isBackOffice : !user && !isOpen) {
      return [];
    }
    return match[1];
  };

  /** The chunks a page needs beyond the entry's own, as paths. */
  const preloadsFor = (pathname: string, user: SessionUser | null): string[] => {
    const files = new Set<string>();
    for (const key of [...bootModules, ...modulesFor(pathname, user)]) collect(key, files);
    return [...files].filter((file) => !entryFiles.has(file)).map((file) => `/${file}`);
  };

  /** The shop's own API, read in-process as the requesting user. */
  const apiFor = (request: FastifyRequest) => async (apiPath: string) => {
    const answer = await app.inject({
      method: 'GET',
      url: apiPath,
      headers: {
        accept: 'application/json',
        ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
      },
    });
    // Back on a later turn of the event loop: on PGlite a read is promise callbacks only, so
    // renders chained read to read kept the loop from reading any socket while they lasted.
    await nextTurn();
    return { status: answer.statusCode, body: answer.body };
  };

  const renders = new TurnQueue(RENDERS_AT_ONCE, RENDER_WAIT_MS);
  const renderPage = async (request: FastifyRequest): Promise<RenderResult | null> => {
    const { renderer } = options;
    if (!renderer) return null;
    try {
      const rendered = await renders.run(() =>
        renderer.render({
          url: request.url,
          user: request.user,
          settings: options.settings,
          api: apiFor(request),
        }),
      );
      if (rendered !== skipped) return rendered;
      // Busier than it can render: the shell costs next to nothing, and the browser draws it.
      request.log.info({ queued: renders.queued }, 'server busy; the browser renders the page');
      return null;
    } catch (error) {
      // The browser can still draw the page: a rendering fault costs speed, not the page.
      request.log.error({ err: error }, 'server rendering failed; the browser renders the page');
      return null;
    }
  };

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // Per user: never stored by a shared cache.
    reply.header('Cache-Control', 'private, no-store');
    if (isOrderPage(pathname)) reply.header('X-Robots-Tag', 'noindex');
    // A form posted as HTML under the shop's no-referrer policy carries `Origin: null`, which
    // the CSRF check refuses; same-origin still tells other sites nothing.
    if (formPostsAsHtml.test(pathname)) reply.header('Referrer-Policy', 'same-origin');
    const rendered = await renderPage(request);
    if (rendered?.kind === 'redirect') return reply.redirect(rendered.location, 302);
    const auth = { success: request.user !== null, user: request.user };
    const preloads = preloadsFor(pathname, request.user);
    // A rendered page shows without its code, and the sign-in and sign-up forms post as HTML
    // until it runs, so the code waits for the page's first paint (app-loader.ts). The password
    // reset forms are disabled until their code runs, and a page drawn in the browser shows
    // nothing without it: theirs is named in the head, to come at once.
    const deferApp = rendered !== null && !formNeedsCode.test(pathname);
    let head =
      `<script type="application/json" id="initial-auth">${embed(auth)}</script>` +
      `<script type="application/json" id="shop-settings">${embed(options.settings)}</script>`;
    if (!deferApp) {
      head += preloads
        .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
        .join('');
    }
    let page = deferApp ? renderedHtml : html;
    if (rendered) {
      head += rendered.head;
      head += `<script type="application/json" id="page-state">${embed(rendered.state)}</script>`;
      const loader = deferApp
        ? `<script type="application/json" id="app-modules">${embed([...entryModules, ...preloads])}</script>` +
          `<script>${appLoaderScript}</script>`
        : '';
      page = page
        .replace(/<meta charset="[^"]*"\s*\/?>/i, (charset) => charset + rendered.preload)
        .replace('<div id="root"></div>', `<div id="root">${rendered.body}</div>${loader}`);
      reply.status(rendered.status);
    } else {
      head += defaultHead;
    }
    return reply.type('text/html; charset=utf-8').send(page.replace('</head>', `${head}</head>`));
  };
}
