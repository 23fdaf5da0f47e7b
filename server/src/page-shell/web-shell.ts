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

// Reset forms need their code; sign-in and sign-up post as plain HTML (auth.forms.ts).
const formNeedsCode = /^\/auth\/(forgot|reset)-password\/?$/;
const formPostsAsHtml = /^\/auth\/(login|register)\/?$/;

/** JSON safe inside an HTML <script> element. */
const embed = (value: unknown) => {
  const json = JSON.stringify(value);
  return /[<>]/.test(json)
    ? json.replace(/[<>]/g, (c) => (c === '<' ? '\\u003c' : '\\u003e'))
    : json;
};

export type WebShellOptions = {
  /** Without it, pages render in the browser. */
  renderer?: PageRenderer;
  settings: ShopSettings;
  reads?: (path: string) => Promise<Buffer | string | undefined> | undefined;
  prerender?: boolean;
  loopLoad?: () => number;
};

// Enough to keep the CPU busy while some wait for reads; more only interleave, slowing every
// render together and adding up their memory.
const RENDERS_AT_ONCE = 4;
// Past this wait the browser draws the page instead.
const RENDER_WAIT_MS = 1000;
// Whole selections under a crowd cost a third of listing throughput for pages the frame serves.
const QUIET_LOAD = 0.5;

/** index.html completed per page; how and why: README.md. */
export function createWebShell(app: FastifyInstance, webRoot: string, options: WebShellOptions) {
  const { settings, renderer } = options;
  const template = loadPageTemplate(webRoot, settings);
  const shared = renderer?.redirect ? openSharedPages(app) : undefined;

  // As the requesting user (no one, for a shared page).
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
    // On PGlite a read is promise callbacks only: without a turn, chained renders starve sockets.
    await nextTurn();
    return answer;
  };

  const renders = new TurnQueue(RENDERS_AT_ONCE, RENDER_WAIT_MS);
  // A null request renders for everyone (a shared page).
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
      log.info({ queued: renders.queued }, 'server busy; the browser renders the page');
      return null;
    } catch (error) {
      // A rendering fault costs speed, not the page: the browser draws it.
      log.error({ err: error }, 'server rendering failed; the browser renders the page');
      return null;
    }
  };

  const documentFor = (pathname: string, rendered: RenderResult | null, viewer: Viewer): string => {
    const preloads = template.preloadsFor(pathname, viewer);
    // A rendered page shows without its code, so the code waits for its first paint; the
    // password reset forms and unrendered pages need it at once, so theirs is in the head.
    const page = rendered?.kind === 'page' ? rendered : null;
    const deferApp = page !== null && !formNeedsCode.test(pathname);
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
    // Replacers as functions: a replacement string would read a product's `$&` or `$'` as
    // patterns.
    return html.replace('</head>', () => `${head}</head>`);
  };

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
  // A selection is rendered whole only while quiet; otherwise the listing's frame, kept once for
  // many, so a crawler trying filter after filter costs a lookup each.
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
      // The guard first: a page kept for everyone goes only where it may.
      const target = renderer.redirect({ url: request.url, user: request.user, settings });
      if (target) return reply.redirect(target, 302);
      const page = await sharedPage(request.url, request.log);
      if (page) {
        reply.status(page.status);
        // Private: the bytes are the same for all, but only past the guard.
        return sendKeptBrotli(reply, page.kept, 'private, no-cache');
      }
    }
    reply.header('Cache-Control', 'private, no-store');
    if (isOrderPage(pathname)) reply.header('X-Robots-Tag', 'noindex');
    // Under no-referrer a form posted as HTML carries `Origin: null`, which CSRF refuses.
    if (formPostsAsHtml.test(pathname)) reply.header('Referrer-Policy', 'same-origin');
    // A shared page not rendered now (busy) is drawn by the browser.
    const rendered =
      isBrowsingPage(pathname) && shared
        ? null
        : await renderPage(request.url, request, request.log);
    if (rendered?.kind === 'redirect') return reply.redirect(rendered.location, 302);
    if (rendered) reply.status(rendered.status);
    return reply.send(documentFor(pathname, rendered, request.user));
  };
}

// DATA_DIR may be read-only (database and images elsewhere): then the temporary directory, and
// failing that no kept pages.
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
