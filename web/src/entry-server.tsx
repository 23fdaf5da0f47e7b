// The storefront renderer, built for Node (`vite build --ssr`) and called by the server's page
// shell (server/src/page-shell/web-shell.ts) for each storefront page: the page's data is read
// from the shop's API in-process, the page is rendered to HTML with it, and the data goes with
// the HTML so the browser's first render matches (main.tsx hydrates).
import type { Product } from '@contract/catalog';
import type { RedirectInput, RenderInput, RenderResult } from '@contract/page-render';
import { isPagePath, pages } from '@contract/pages';
import {
  dehydrate,
  type Query,
  QueryClient,
  type QueryFunctionContext,
  type QueryPersister,
} from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { matchPath, StaticRouter } from 'react-router';
import { AppRoutes } from '@/app/app-routes';
import { AppShell } from '@/app/app-shell';
import { loadMatchedRoutes } from '@/app/route-module';
import { routes } from '@/app/routes';
import { productQueryKey } from '@/features/catalog/api/get-product';
import { type KeptCardHtml, KeptCardsContext } from '@/features/catalog/components/kept-cards';
import { ApiError, setTransport } from '@/lib/api-client';
import { authQueryKey } from '@/lib/auth';
import { preloadLazyComponents } from '@/lib/lazy-component';
import { datedAt } from '@/lib/page-state';
import { setShopSettings } from '@/lib/shop-settings';
import { redirectFor } from '@/routes/auth-guard';
import { headFor } from '@/ssr/head';
import { listingSelection } from '@/ssr/page-keys';
import { prefetchPage } from '@/ssr/page-queries';
import { pathMatcher } from '@/ssr/path-matcher';

export { pageKeys } from '@/ssr/page-keys';

/** Pages rendered on the server; the others (cart, checkout, account, admin) in the browser. */
const RENDERED_PAGES = [
  pages.shopHome,
  pages.shopListing,
  pages.shopSearch,
  pages.shopProduct,
  pages.login,
  pages.register,
  pages.forgotPassword,
  pages.infoPage,
  pages.shopOrderLookup,
  pages.shopOrderPrivacy,
  pages.shopOrderStatus,
].map(pathMatcher);
/** Pages outside the sign-in guard (app/routes.tsx): open to anyone, never redirected. */
const UNGUARDED_PAGES = [pages.unauth, pages.infoPage].map(pathMatcher);
/** Rounds of "render, fetch what the page asked for": a page needing more shows its loading state. */
const MAX_DATA_ROUNDS = 3;

/**
 * The API of the render whose query is starting. Each render's queries start through its own
 * client's `persister`, which sets this only while the query function runs up to its first
 * await; the api client calls the transport before that await, so the transport reads the right
 * render's API even with renders interleaved. Not an AsyncLocalStorage: on Node 20 one in use
 * puts a hook on every promise of the process, and the API's hot reads lost a quarter of their
 * speed once the first page had rendered (docs/performance.md).
 */
let startingRender: RenderInput['api'] | undefined;
const utf8 = new TextDecoder();
const textOf = (bytes: Uint8Array) => utf8.decode(bytes);
setTransport(async (path, init) => {
  const api = startingRender;
  if (!api || (init.method ?? 'GET') !== 'GET') {
    throw new ApiError(0, 'SERVER_RENDER', 'Only reads happen while a page renders');
  }
  const { status, body } = await api(path);
  // What the api client reads of a Response, without one: undici's body stream was 4% of a
  // listing page's render, to hand over bytes already in memory.
  const answer: Pick<Response, 'ok' | 'status' | 'json'> = {
    ok: status >= 200 && status < 300,
    status,
    json: async () => JSON.parse(typeof body === 'string' ? body : textOf(body)),
  };
  return answer as Response;
});

/** Starts a query of the render reading `api`: its function's first (synchronous) part sees it. */
const startingWith =
  (api: RenderInput['api']) =>
  <T,>(
    queryFn: (context: QueryFunctionContext) => T | Promise<T>,
    context: QueryFunctionContext,
  ) => {
    startingRender = api;
    try {
      return queryFn(context);
    } finally {
      startingRender = undefined;
    }
  };

/** Product cards' HTML, by what they show (kept-cards.ts): ~2 KB each. */
const keptCards = new Map<string, string>();
const KEPT_CARDS = 2000;

/**
 * A card of a page rendered for everyone, rendered once and given again for the same card:
 * 24 cards were a third of a random listing page's render. The oldest card goes first.
 */
const keptCard: KeptCardHtml = (key: string, card: () => ReactElement) => {
  let html = keptCards.get(key);
  if (html === undefined) {
    html = renderToString(card());
    if (keptCards.size >= KEPT_CARDS) keptCards.delete(keptCards.keys().next().value!);
    keptCards.set(key, html);
  }
  return html;
};

const isEnabled = (query: Query) => {
  const { enabled } = query.options as { enabled?: boolean | ((q: Query) => boolean) };
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
};

/**
 * Queries the last render asked for and nobody has fetched yet. The session is never one of
 * them: a shared page leaves it unknown (the browser asks), any other has it set beforehand.
 */
const wantedQueries = (client: QueryClient) =>
  client
    .getQueryCache()
    .findAll()
    .filter(
      (q) =>
        q.queryKey[0] !== authQueryKey[0] &&
        q.state.status === 'pending' &&
        q.state.fetchStatus === 'idle' &&
        isEnabled(q),
    );

const isRenderedPage = (pathname: string) =>
  RENDERED_PAGES.some((matches) => matches(pathname.replace(/(.)\/$/, '$1')));

/** Where SPEC §6 sends this user instead of the page they asked for, or null to show it. */
export function redirect({ url: path, user, settings }: RedirectInput): string | null {
  const url = new URL(path, settings.publicUrl);
  if (!isPagePath(url.pathname)) return null;
  if (UNGUARDED_PAGES.some((matches) => matches(url.pathname))) return null;
  return redirectFor(
    url.pathname,
    user,
    url.search,
    settings.publicStorefront,
    settings.guestCheckout,
  );
}

export async function render(input: RenderInput): Promise<RenderResult | null> {
  setShopSettings(input.settings);
  const url = new URL(input.url, input.settings.publicUrl);
  const isPage = isPagePath(url.pathname);
  // A shared page is asked for once its guard has passed (the server's page cache asks first).
  const target = input.shared ? null : redirect(input);
  if (target) return { kind: 'redirect', location: target };
  if (isPage && !isRenderedPage(url.pathname)) return null;

  await loadMatchedRoutes(routes, url.pathname);
  // The page's modules are loaded now: so are the lazy parts they declare, rendered complete.
  await preloadLazyComponents();
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        retryOnMount: false,
        staleTime: Number.POSITIVE_INFINITY,
        persister: startingWith(input.api) as QueryPersister,
      },
    },
  });
  // A shared page's session stays unknown: every browser asks for its own after hydration.
  if (!input.shared) {
    queryClient.setQueryData(authQueryKey, { success: input.user !== null, user: input.user });
  }
  const location = url.pathname + url.search;
  // A selection's frame leaves the products unread: the browser reads them (listingSelection).
  const selection = listingSelection(url) !== null;
  const frame = input.shared === true && input.frame === true && selection;
  // A shared page's cards hold nothing personal: kept and given again (kept-cards.ts).
  const cards = input.shared ? keptCard : null;
  const page = () =>
    renderToString(
      <AppShell queryClient={queryClient}>
        <KeptCardsContext value={cards}>
          <StaticRouter location={location}>
            <AppRoutes />
          </StaticRouter>
        </KeptCardsContext>
      </AppShell>,
    );

  let renders = 0;
  // What the page is known to read comes first, so that one render usually suffices.
  if (!frame) await prefetchPage(queryClient, url, input.user);
  let html = page();
  renders += 1;
  for (let round = 0; round < (frame ? 0 : MAX_DATA_ROUNDS); round++) {
    const wanted = wantedQueries(queryClient);
    if (wanted.length === 0) break;
    await Promise.all(wanted.map((q) => q.fetch().catch(() => undefined)));
    html = page();
    renders += 1;
  }

  const productId = matchPath(pages.shopProduct, url.pathname)?.params.id;
  const productState = productId
    ? queryClient.getQueryState<Product>(productQueryKey(productId))
    : undefined;
  const missing =
    !isPage || (productState?.error instanceof ApiError && productState.error.status === 404);
  const status = missing ? 404 : 200;
  // Titles rendered by pages move to <head>, where a document keeps its one title.
  // The first picture not loaded lazily is the page's largest paint (banner, first card,
  // product): asked for before the scripts, it is not queued behind them.
  const firstImage = /<img\b(?![^>]*loading="lazy")[^>]*\bsrc="([^"]+)"/.exec(html)?.[1];
  const titles = [...html.matchAll(/<title>(.*?)<\/title>/g)];
  const title = titles.at(-1)?.[1];
  return {
    kind: 'page',
    status,
    renders,
    body: html.replace(/<title>.*?<\/title>/g, ''),
    preload: firstImage
      ? `<link rel="preload" as="image" href="${firstImage}" fetchpriority="high">`
      : '',
    head: headFor({
      url,
      title: title === undefined ? undefined : decodeEntities(title),
      product: productState?.data,
      settings: input.settings,
      status,
      selection,
    }),
    state: datedAt(
      dehydrate(queryClient, {
        // A product that is not there is said on both sides, not fetched again to learn it.
        shouldDehydrateQuery: (q) =>
          q.queryKey[0] !== 'auth' &&
          (q.state.status === 'success' ||
            (q.state.error instanceof ApiError && q.state.error.status === 404)),
      }),
      0,
    ),
  };
}

/** React escapes text; the head builder escapes it again, so undo React's first. */
function decodeEntities(text: string) {
  return text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&amp;', '&');
}
