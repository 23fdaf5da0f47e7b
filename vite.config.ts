import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const frameworkModules =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|clsx|class-variance-authority|cookie|set-cookie-parser)[\\/]/;

// The app's own modules that every page runs before it is interactive (counted by
// bench/first-load-js.ts): one chunk with the app's start (boot.tsx) rather than twenty small
// files, each a request and compressed alone (2 KB more in all). Not the entry's own imports
// (document-entry): they would make the entry wait for this chunk and the framework's. Nor
// contract/auth.ts: captured here, it brought zod (its schemas) into this chunk, 25 KB, and
// zod run before the entry turned its eval probe off (a CSP report on every page).
const everyPage = new RegExp(
  [
    'web/src/app/(boot|app-shell|app-routes|route-module|routes)',
    'web/src/routes/(route-error|auth-guard|unauth-page|site-footer|auth/layout)',
    'web/src/lib/(api-client|auth|early-taps|lazy-component|shop-settings|sign-in|toast|utils)',
    'web/src/components/ui/(button|skeleton)',
    'web/src/features/admin-staff/access',
    'contract/(info-page-list|limits|pages|staff-permissions)\\.ts',
    'node_modules/lucide-react/dist/esm/(shared|defaultAttributes|Icon|createLucideIcon|context|icons/mail)',
  ]
    .map((path) => path.replaceAll('/', '[\\\\/]'))
    .join('|'),
);

// What the shop's layout and its browsing pages (home, listing, search, product) share: the
// header, the cart and wishlist buttons, prices and badges. Every shop page loads the layout,
// so none loads much it does not use; the back office loads it only where it shows prices.
const shopPages = new RegExp(
  [
    'web/src/routes/shop/(layout|header|product-link)\\.',
    'web/src/features/cart/(pending-add|hooks/use-add-to-cart|api/get-cart|api/add-to-cart)',
    'web/src/features/wishlist/(components/save-button|api/wishlist)',
    'web/src/features/catalog/components/(product-price|stock-badge)',
    'web/src/lib/listing-filters',
    'web/src/components/ui/badge',
    'contract/(garment-constants|variant-constants|catalog-constants|listing-filters|money)\\.ts',
    'node_modules/lucide-react/dist/esm/icons/(heart|house-plug)\\.',
  ]
    .map((path) => path.replaceAll('/', '[\\\\/]'))
    .join('|'),
);

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 5000}`;

export default defineConfig(({ isSsrBuild }) => ({
  root: 'web',
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@contract': path.resolve(import.meta.dirname, 'contract'),
      '@': path.resolve(import.meta.dirname, 'web/src'),
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/uploads': apiTarget,
      '/paypal-sandbox': apiTarget,
    },
  },
  // The storefront renderer (web/src/entry-server.tsx) is one self-contained file: the server
  // runs it without the client's packages installed (`npm install --omit=dev`).
  ssr: { noExternal: true },
  // React's production build on the server too (its dev build is several times slower), whatever
  // NODE_ENV the server itself runs with.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // The server reads it to preload each page's chunks (page-shell/web-shell.ts).
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    // The server's renderer: V8 keeps a module's source in the heap for as long as it runs, so it
    // is built without comments and whitespace, in ASCII (one dash in a comment made all of it a
    // two-byte string): 0.57 MB of heap, not 1.41. Names are kept, for stack traces.
    // The browser's: every page needs React, the router and the data layer, so one chunk of them,
    // not twenty (each module a page loads costs a request and a compile on the phone's main
    // thread, and one file compresses better than its parts: 6 KB less to download).
    rolldownOptions: isSsrBuild
      ? {
          output: {
            minify: {
              compress: false,
              mangle: false,
              codegen: { removeWhitespace: true, asciiOnly: true },
            },
          },
        }
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: frameworkModules },
                { name: 'boot', test: everyPage },
                { name: 'shop', test: shopPages },
              ],
            },
          },
        },
  },
}));
