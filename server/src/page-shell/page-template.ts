import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { adminPages } from '@contract/admin-pages';
import type { SessionUser } from '@contract/auth';
import type { ShopSettings } from '@contract/page-render';
import { isPagePath } from '@contract/pages';

type Manifest = Record<
  string,
  { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }
>;

// Preloading a path's lazy route modules with the entry saves a chain of round trips (entry,
// then layout, then page) before anything shows.
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const adminModules = adminPages.flatMap(({ id, path }): [RegExp, string[]][] =>
  path.includes(':')
    ? []
    : [
        [
          new RegExp(`^${escapeRegExp(path)}/?$`),
          ['src/routes/admin/layout.tsx', `src/routes/admin/${id}.tsx`],
        ],
      ],
);

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
  [
    /^\/shop\/order\/privacy\/?$/,
    ['src/routes/shop/layout.tsx', 'src/routes/shop/order-privacy.tsx'],
  ],
  [
    /^\/shop\/order\/privacy\/[^/]+\/?$/,
    ['src/routes/shop/layout.tsx', 'src/routes/shop/order-privacy-link.tsx'],
  ],
  [/^\/shop\/order\/[^/]+\/?$/, ['src/routes/shop/layout.tsx', 'src/routes/shop/order-status.tsx']],
  [/^\/shop\/claim-orders\/?$/, ['src/routes/shop/layout.tsx', 'src/routes/shop/claim-orders.tsx']],
  ...adminModules,
];

// Anyone may be sent to the sign-in pages.
const authModules: [RegExp, string][] = [
  [/^\/auth\/login\/?$/, 'src/routes/auth/login.tsx'],
  [/^\/auth\/register\/?$/, 'src/routes/auth/register.tsx'],
  [/^\/auth\/forgot-password\/?$/, 'src/routes/auth/forgot-password.tsx'],
  [/^\/auth\/reset-password\/?$/, 'src/routes/auth/reset-password.tsx'],
];

/** Never indexed: a guest order's status link is a credential. */
export const isOrderPage = (pathname: string) => pathname.startsWith('/shop/order/');

export const escapeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** `guardPassed`: a page the same for everyone, sent only once its guard let the requester in. */
export type Viewer = SessionUser | null | 'guardPassed';

export function loadPageTemplate(webRoot: string, settings: ShopSettings) {
  // The stylesheet stays a file (cached for a year): inlined, it would be two thirds of every
  // page's bytes, compression and kept memory, sent again with each page.
  const source = readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const titlePattern = /<title>.*?<\/title>/s;
  const descriptionPattern = /<meta name="description"[^>]*>/;
  const description = descriptionPattern.exec(source)?.[0] ?? '';
  const defaultHead = `<title>${escapeText(settings.name)}</title>${description}`;
  const html = source.replace(titlePattern, '').replace(descriptionPattern, '');
  // A rendered page starts the app after its first paint (app-loader.ts), so the entry's tags
  // leave the head and are named to the loader instead.
  const entryTags =
    /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>|<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;
  const entryMatches = [...html.matchAll(entryTags)];
  // The entry first: the loader imports the first module it is named.
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
  // web/src/main.tsx imports these in steps: every page wants them, so preload them with each.
  const bootModules = manifest['index.html']?.dynamicImports ?? [];

  const modulesFor = (pathname: string, viewer: Viewer): string[] => {
    if (!isPagePath(pathname)) return ['src/routes/not-found.tsx'];
    if (pathname.startsWith('/pages/')) {
      return viewer !== 'guardPassed' && viewer?.role === 'shopper'
        ? ['src/routes/info/page.tsx', 'src/routes/shop/layout.tsx']
        : ['src/routes/info/page.tsx'];
    }
    const auth = authModules.find(([pattern]) => pattern.test(pathname));
    if (auth) return [auth[1]];
    const match = routeModules.find(([pattern]) => pattern.test(pathname));
    if (!match) return [];
    if (viewer === 'guardPassed') return match[1];
    const isAdminPage = pathname.startsWith('/admin');
    // Open to anyone holding the guest order's link.
    const isOpen = settings.publicStorefront || isOrderPage(pathname);
    const isBackOffice = viewer?.role === 'admin' || viewer?.role === 'staff';
    if (isAdminPage ? !isBackOffice : !viewer && !isOpen) {
      return [];
    }
    return match[1];
  };

  const preloadsFor = (pathname: string, viewer: Viewer): string[] => {
    const files = new Set<string>();
    for (const key of [...bootModules, ...modulesFor(pathname, viewer)]) collect(key, files);
    return [...files].filter((file) => !entryFiles.has(file)).map((file) => `/${file}`);
  };

  return { html, renderedHtml, defaultHead, entryModules, preloadsFor };
}
