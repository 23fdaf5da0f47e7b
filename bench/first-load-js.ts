/**
 * First-load JavaScript per shop page (issue 29, budget 120 KB gzipped): the bytes of every
 * script the browser loads before the page can be used. Run after `npm run build`:
 * `npx tsx bench/first-load-js.ts [--web dist/web] [--out docs/performance-first-load.md]
 * [--detail]`.
 *
 * What a page loads is taken from the server itself: the page template (the same code that
 * writes each page's `app-modules` list or modulepreload links, page-shell/page-template.ts) over
 * the build's index.html and Vite manifest, then closed over the manifest's static imports (a
 * file the server forgot to name is still loaded, one round trip later). Stylesheets are
 * inlined in the page and not counted; lazy parts (dynamic imports the page starts later) are
 * listed apart, not counted. Each file is gzipped at level 9, as scripts/precompress.mjs
 * serves it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { ShopSettings } from '@contract/page-render';
import { loadPageTemplate, type Viewer } from '../server/src/page-shell/page-template';

type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; name?: string };
type Manifest = Record<string, Chunk>;

const BUDGET_KB = 120;

/** The shop's pages of the issue, with who the server draws them for. */
const pages: { name: string; path: string; viewer: Viewer }[] = [
  // Browsing pages are rendered once for everyone (page-shell/shared-pages.ts).
  { name: 'home', path: '/shop/home', viewer: 'guardPassed' },
  { name: 'listing', path: '/shop/listing', viewer: 'guardPassed' },
  { name: 'product', path: '/shop/product/1', viewer: 'guardPassed' },
  { name: 'search', path: '/shop/search', viewer: 'guardPassed' },
  { name: 'sign-in', path: '/auth/login', viewer: null },
];

const settings: ShopSettings = {
  name: 'Shop',
  contactEmail: 'shop@example.com',
  publicStorefront: true,
  guestCheckout: true,
  publicUrl: 'https://shop.example.com',
  country: 'DE',
  pricesIncludeTax: true,
  timeZone: 'Europe/Berlin',
};

const { values: args } = parseArgs({
  options: {
    web: { type: 'string', default: 'dist/web' },
    out: { type: 'string', default: 'docs/performance-first-load.md' },
    detail: { type: 'boolean', default: false },
  },
});

const webRoot = path.resolve(args.web);
const manifestPath = path.join(webRoot, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}: run \`npm run build\` first.`);
  process.exit(1);
}
const manifest: Manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const chunkByFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
const template = loadPageTemplate(webRoot, settings);

const gzipped = new Map<string, number>();
const sizeOf = (file: string) => {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(webRoot, file)), { level: 9 }).length;
    gzipped.set(file, size);
  }
  return size;
};

/** The page's scripts: what the server names, with whatever those import statically. */
function firstLoad(pathname: string, viewer: Viewer) {
  const named = [...template.entryModules, ...template.preloadsFor(pathname, viewer)].map((url) =>
    url.replace(/^\//, ''),
  );
  const loaded = new Set<string>();
  const unnamed: string[] = [];
  const visit = (file: string, isNamed: boolean) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    if (!isNamed) unnamed.push(file);
    for (const key of chunkByFile.get(file)?.imports ?? []) {
      const dep = manifest[key]?.file;
      if (dep) visit(dep, named.includes(dep));
    }
  };
  for (const file of named) visit(file, true);
  return { files: [...loaded], unnamed };
}

/**
 * The page's lazy parts: what its own files import dynamically (dialogs, menus, the cart), with
 * their static imports, less what the page has loaded already. The files every page shares
 * are left out: their dynamic imports are the route table's other pages.
 */
function lazyParts(files: string[], shared: string[]) {
  const lazy = new Set<string>();
  const visit = (file: string) => {
    if (lazy.has(file) || files.includes(file)) return;
    lazy.add(file);
    for (const key of chunkByFile.get(file)?.imports ?? []) {
      const dep = manifest[key]?.file;
      if (dep) visit(dep);
    }
  };
  for (const file of files.filter((f) => !shared.includes(f))) {
    for (const key of chunkByFile.get(file)?.dynamicImports ?? []) {
      const dep = manifest[key]?.file;
      if (dep) visit(dep);
    }
  }
  return [...lazy];
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const total = (files: string[]) => files.reduce((sum, file) => sum + sizeOf(file), 0);

const loads = pages.map((page) => ({ ...page, ...firstLoad(page.path, page.viewer) }));
/** The chunks every page shares (the framework, the entry and its start-up steps). */
const shared = loads
  .map((r) => r.files)
  .reduce((common, files) => common.filter((file) => files.includes(file)));
const results = loads.map((r) => ({ ...r, lazy: lazyParts(r.files, shared) }));

const lines: string[] = [];
lines.push('# First-load JavaScript');
lines.push('');
lines.push(
  `Written by \`bench/first-load-js.ts\` from the build's manifest (${new Date().toISOString().slice(0, 10)}).`,
);
lines.push(
  'Gzipped (level 9) bytes of every script a page loads before it is interactive: the entry, its',
);
lines.push(
  'start-up steps and the route modules the server names for the page, with all their static',
);
lines.push(
  'imports. Stylesheets (a file of their own) and lazy parts (loaded after it, on demand) are not counted;',
);
lines.push(
  "the page's own lazy parts are shown apart (the server renders those that are visible, and",
);
lines.push(
  'they hydrate when their code has come). Other pages of the route table are not listed.',
);
lines.push(`Budget: ${BUDGET_KB} KB on every page.`);
lines.push('');
lines.push('| Page | Path | Files | First-load KB | Shared KB | Own KB | Lazy parts KB | Budget |');
lines.push('| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |');
for (const r of results) {
  const all = total(r.files);
  const common = total(shared);
  const verdict = all / 1024 <= BUDGET_KB ? 'met' : 'missed';
  lines.push(
    `| ${r.name} | \`${r.path}\` | ${r.files.length} | ${kb(all)} | ${kb(common)} | ${kb(all - common)} | ${kb(total(r.lazy))} | ${verdict} |`,
  );
}
lines.push('');
lines.push('Shared by every page, largest first:');
lines.push('');
lines.push('| File | KB |');
lines.push('| --- | ---: |');
for (const file of [...shared].sort((a, b) => sizeOf(b) - sizeOf(a))) {
  lines.push(`| \`${file}\` | ${kb(sizeOf(file))} |`);
}
const unnamed = results.filter((r) => r.unnamed.length > 0);
if (unnamed.length > 0) {
  lines.push('');
  lines.push('Loaded but not named by the server (fetched one round trip late):');
  for (const r of unnamed)
    lines.push(`- ${r.name}: ${r.unnamed.map((f) => `\`${f}\``).join(', ')}`);
}
if (args.detail) {
  for (const r of results) {
    lines.push('');
    lines.push(`${r.name}, its own files:`);
    for (const file of r.files
      .filter((f) => !shared.includes(f))
      .sort((a, b) => sizeOf(b) - sizeOf(a))) {
      lines.push(`- \`${file}\` ${kb(sizeOf(file))}`);
    }
    lines.push(`${r.name}, lazy: ${r.lazy.map((f) => `\`${f}\` ${kb(sizeOf(f))}`).join(', ')}`);
  }
}
const report = `${lines.join('\n')}\n`;
console.log(report);
if (!args.detail) writeFileSync(args.out, report);
const over = results.filter((r) => total(r.files) / 1024 > BUDGET_KB);
if (over.length > 0) process.exitCode = 1;
