import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const frameworkModules =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|clsx|tailwind-merge|class-variance-authority|cookie|set-cookie-parser)[\\/]/;

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
    // The server reads it to preload each page's chunks (plugins/web-shell.ts).
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    // Every page needs React, the router and the data layer: one chunk of them, not twenty (each
    // module a page loads costs a request and a compile on the phone's main thread, and one file
    // compresses better than its parts: 6 KB less to download).
    rolldownOptions: isSsrBuild
      ? {}
      : { output: { codeSplitting: { groups: [{ name: 'framework', test: frameworkModules }] } } },
  },
}));
