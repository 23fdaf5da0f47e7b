import { tmpdir } from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ApiAnswer, PageRenderer, RenderResult, ShopSettings } from '@contract/page-render';
import { isBrowsingPage } from '@contract/pages';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Allowance } from '../lib/allowance';
import { keepAsBrotli, sendKeptBrotli } from '../lib/cached-json';
import { LoopLoad } from '../lib/loop-load';
import { readingAhead } from '../lib/read-ahead';
import { skipped, TurnQueue } from '../lib/turn-queue';
import { appLoaderScript } from './app-loader';
import { earlyTapScript } from './early-taps';
import { isOrderPage, loadPageTemplate, type Viewer } from './page-template';
import { PageWarmer } from './page-warmer';
import { type SharedPage, SharedPages } from './shared-pages';

/** Auth pages whose form waits for its code: the others post as HTML (modules/auth/auth.forms.ts). */
const formNeedsCode = /^\/auth\/(forgot|reset)-password\/?$/;
const formPostsAsHtml = /^\/auth\/(login|register)\/?$/;

/** JSON safe inside an HTML <script> element (copied again only when it holds a < or >). */
const embed = (value: unknown) => {
  const json = JSON.stringify(value);
  return /[<>]/.test(json)
    ? json.replace(/[<>]/g, (c) => (c === '<' ? '\\u003c' : '\\u003e'))
    : json;
};

export type WebShellOptions = {
  /** The storefront renderer (dist/ssr/entry-server.js); without it pages render in the browser. */
  renderer?: PageRenderer;
  settings: ShopSettings;
  /** The public reads a render makes without a request (page-reads.ts). */
  reads?: (path: string) => Promise<Buffer | string | undefined> | undefined;
  /** Render the browsing pages ahead while idle (page-warmer.ts; PRERENDER_PAGES). */
  prerender?: boolean;
  /** How busy the server is, 0 to 1 (by default its event loop's use: lib/loop-load.ts). */
  loopLoad?: () => number;
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
 * A selection is rendered whole only while the server is busy less than this: under a crowd,
 * 20 whole renders a second took a third of the listing pages' throughput (3,729 -> 2,556 req/s
 * on PostgreSQL) and doubled their p99 (60 -> 105 ms), for pages its frame answers as well.
 */
const QUIET_LOAD = 0.5;

/**
 * The page shell: index.html completed per page. Storefront pages come rendered with their
 * data (the renderer reads the API in-process), and name their own chunks: in the head as
 * modulepreload links, or, on a rendered page, to the loader that starts the app after the
 * first paint. The browsing pages (home, listing, product, search) are the same for everyone,
 * rendered once and kept (shared-pages.ts): each browser asks the API whose page it is after
 * hydration. Other pages carry the signed-in user as data, rendered per request.
 * Admin chunks are only named to admins, so shoppers never load admin code.
 */
export function createWebShell(app: FastifyInstance, webRoot: string, options: WebShellOptions) {
  const { settings, renderer } = options;
  const template = loadPageTemplate(webRoot, settings);
  const shared = renderer?.redirect ? openSharedPages(app) : undefined;

  /**
   * The shop's own API, read in-process as the requesting user (no one, for a shared page):
   * a public read straight from the answer its route declares, any other through the route.
   */
  const apiFor = (request: FastifyRequest | null) => async (apiPath: string) => {
    const direct = await options.reads?.(apiPath);
    let answer: ApiAnswer;
    if (direct) {
      answer = { status: 200, body: direct };
    } else {
      const cookie = request?.headers.cookie;
      const injected = await app.inject({
        method: 'GET',
        url: apiPath,
        headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) },
      });
      answer = { status: injected.statusCode, body: injected.body };
    }
    // Back on a later turn of the event loop: on PGlite a read is promise callbacks only, so
    // renders chained read to read kept the loop from reading any socket while they lasted.
    await nextTurn();
    return answer;
  };

  const renders = new TurnQueue(RENDERS_AT_ONCE, RENDER_WAIT_MS);
  /**
   * The page at `url` for `request`'s user, or for everyone (a shared page) without one; for
   * everyone and `frame`, a selection's frame (RenderInput.frame).
   */
  const renderPage = async (
    url: string,
    request: FastifyRequest | null,
    log: FastifyBaseLogger,
    frame = false,
  ): Promise<RenderResult | null> => {
    if (!renderer) return null;
    try {
      const rendered = await renders.run(() =>
        renderer.render({
          url,
          user: request ? request.user : null,
          settings,
          api: apiFor(request),
          shared: request === null,
          frame,
        }),
      );
      if (rendered !== skipped) return rendered;
      // Busier than it can render: the shell costs next to nothing, and the browser draws it.
      log.info({ queued: renders.queued }, 'server busy; the browser renders the page');
      return null;
    } catch (error) {
      // The browser can still draw the page: a rendering fault costs speed, not the page.
      log.error({ err: error }, 'server rendering failed; the browser renders the page');
      return null;
    }
  };

  /**
   * The document: the template with the page's head, markup and data. The signed-in user goes
   * with every page but a shared one, whose browser asks for its session.
   */
  const documentFor = (pathname: string, rendered: RenderResult | null, viewer: Viewer): string => {
    const preloads = template.preloadsFor(pathname, viewer);
    // A rendered page shows without its code, and the sign-in and sign-up forms post as HTML
    // until it runs, so the code waits for the page's first paint (app-loader.ts). The password
    // reset forms are disabled until their code runs, and a page drawn in the browser shows
    // nothing without it: theirs is named in the head, to come at once.
    const page = rendered?.kind === 'page' ? rendered : null;
    const deferApp = page !== null && !formNeedsCode.test(pathname);
    // A tap before the code comes is held, to be made again once it has (early-taps.ts).
    let head = deferApp ? `<script>${earlyTapScript}</script>` : '';
    if (viewer !== 'guardPassed') {
      const auth = { success: viewer !== null, user: viewer };
      head += `<script type="application/json" id="initial-auth">${embed(auth)}</script>`;
    }
    head += `<script type="application/json" id="shop-settings">${embed(settings)}</script>`;
    if (!deferApp) {
      head += preloads
        .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
        .join('');
    }
    let html = deferApp ? template.renderedHtml : template.html;
    if (page) {
      head += page.head;
      head += `<script type="application/json" id="page-state">${embed(page.state)}</script>`;
      const loader = deferApp
        ? `<script type="application/json" id="app-modules">${embed([...template.entryModules, ...preloads])}</script>` +
          `<script>${appLoaderScript}</script>`
        : '';
      html = html
        .replace(/<meta charset="[^"]*"\s*\/?>/i, (charset) => charset + page.preload)
        .replace('<div id="root"></div>', () => `<div id="root">${page.body}</div>${loader}`);
    } else {
      head += template.defaultHead;
    }
    // Replacers as functions: a replacement string would read a product's `$&`, `$'` or `$$`
    // as patterns, inserting parts of the document into its own data.
    return html.replace('</head>', () => `${head}</head>`);
  };

  /** What a page for everyone is kept under, and how it is rendered and kept (shared-pages.ts). */
  const keysOf = (url: string) => renderer?.pageKeys?.(url) ?? { page: url };
  const keep = (url: string, key: string, log: FastifyBaseLogger, frame = false) =>
    shared?.get(key, async (): Promise<SharedPage | null> => {
      const rendered = await renderPage(url, null, log, frame);
      if (rendered?.kind !== 'page') return null;
      const pathname = url.split('?')[0] ?? '/';
      const body = Buffer.from(documentFor(pathname, rendered, 'guardPassed'));
      return { status: rendered.status, kept: keepAsBrotli(body) };
    }) ?? null;
  const selectionRenders = new Allowance(app.config.SELECTION_RENDERS_PER_SECOND);
  const gauge = new LoopLoad();
  const loopLoad = options.loopLoad ?? (() => gauge.current());
  /**
   * A browsing page, rendered for everyone at once; null when it could not be rendered now.
   * A shopper's own selection of the listing is rendered whole when it is kept or while few
   * are (SELECTION_RENDERS_PER_SECOND, nothing waiting to render, the server mostly idle): a
   * shopper opening a shared link on a quiet day gets the page with its products. Any other
   * gets the listing's frame, kept once for many: a crowd or a crawler trying filter after
   * filter costs a lookup each.
   */
  const sharedPage = async (url: string, log: FastifyBaseLogger, keys = keysOf(url)) => {
    const { page, frame } = keys;
    if (
      frame === undefined ||
      shared?.has(page) ||
      (renders.queued === 0 && loopLoad() < QUIET_LOAD && selectionRenders.take())
    ) {
      return keep(url, page, log);
    }
    return keep(url, frame, log, true);
  };

  const warmer =
    shared && options.prerender
      ? new PageWarmer({
          productIds: (page) => app.services.catalog.productStamps(page),
          // Its reads fill no cache of the API's: only the page is kept (read-ahead.ts).
          warm: async (url) => {
            const keys = keysOf(url);
            if (!shared.has(keys.page)) await readingAhead(() => sharedPage(url, app.log, keys));
          },
          hasRoom: () => shared.hasRoom(),
          log: app.log,
        })
      : undefined;
  if (shared && warmer) {
    warmer.watch(app.server);
    app.services.storefrontCache.onProductsChanged((ids) => warmer.productsChanged(ids));
    app.addHook('onListen', async () => warmer.start());
    app.addHook('preClose', async () => warmer.stop());
  }

  return async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    reply.type('text/html; charset=utf-8');
    if (shared && renderer?.redirect && isBrowsingPage(pathname)) {
      // The guard first, for this requester: a page kept for everyone goes only where it may.
      const target = renderer.redirect({ url: request.url, user: request.user, settings });
      if (target) return reply.redirect(target, 302);
      const page = await sharedPage(request.url, request.log);
      if (page) {
        reply.status(page.status);
        // The same bytes for everyone, but only past the guard: no shared cache keeps it.
        return sendKeptBrotli(reply, page.kept, 'private, no-cache');
      }
    }
    // Per user: never stored by a shared cache.
    reply.header('Cache-Control', 'private, no-store');
    if (isOrderPage(pathname)) reply.header('X-Robots-Tag', 'noindex');
    // A form posted as HTML under the shop's no-referrer policy carries `Origin: null`, which
    // the CSRF check refuses; same-origin still tells other sites nothing.
    if (formPostsAsHtml.test(pathname)) reply.header('Referrer-Policy', 'same-origin');
    // A browsing page that could not be rendered now (busy) is drawn by the browser.
    const rendered =
      isBrowsingPage(pathname) && shared
        ? null
        : await renderPage(request.url, request, request.log);
    if (rendered?.kind === 'redirect') return reply.redirect(rendered.location, 302);
    if (rendered) reply.status(rendered.status);
    return reply.send(documentFor(pathname, rendered, request.user));
  };
}

/**
 * The pages kept for everyone, in a file under DATA_DIR, else in the system's temporary
 * directory (a DATA_DIR on a read-only disk, the database and images elsewhere); without
 * either the browsing pages are rendered per request, as when no renderer is built.
 */
function openSharedPages(app: FastifyInstance) {
  const dataDir = path.join(app.config.DATA_DIR, 'page-cache');
  try {
    const shared = new SharedPages(app.services.storefrontCache, app.config.PAGE_CACHE_MB, [
      dataDir,
      path.join(tmpdir(), 'shop-page-cache'),
    ]);
    if (shared.dir !== dataDir)
      app.log.warn({ dir: shared.dir }, `${dataDir} unwritable: pages kept in ${shared.dir}`);
    app.addHook('onClose', async () => shared.close());
    return shared;
  } catch (error) {
    app.log.error({ err: error }, 'no directory to keep pages in: each is rendered per request');
    return undefined;
  }
}
