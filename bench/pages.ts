// npm run bench:pages — Lighthouse (mobile preset) on the built shop with the demo catalogue,
// in the system Chromium; appends the scores to docs/performance.md's page section.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const root = path.resolve(import.meta.dirname, '..');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

async function waitFor(url: string) {
  for (let i = 0; i < 480; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

type Budget = {
  path: string;
  signedIn: boolean;
  performance: number;
  lcpMs: number;
  /** Cumulative layout shift, at most. */
  cls: number;
};

/** DESIGN §10: the shop pages for a signed-in shopper and, the storefront being public, a visitor. */
function budgets(productId: string, keyword: string): Budget[] {
  const shopPages = [
    '/shop/home',
    '/shop/listing',
    `/shop/product/${productId}`,
    `/shop/search?keyword=${encodeURIComponent(keyword)}`,
  ];
  return [
    { path: '/auth/login', signedIn: false, performance: 98, lcpMs: 1500, cls: 0.05 },
    ...[true, false].flatMap((signedIn) =>
      shopPages.map((p) => ({ path: p, signedIn, performance: 95, lcpMs: 2000, cls: 0.05 })),
    ),
  ];
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-pages-'));
  const port = 45_000 + Math.floor(Math.random() * 1000);
  const base = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_NO_WARNINGS: '1',
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      SEED_DEMO: 'true',
      PUBLIC_STOREFRONT: 'true',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const rows: string[] = [];
  try {
    await waitFor(`${base}/readyz`);
    const email = `pages-${Date.now()}@example.com`;
    await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'Pat', email, password: 'pages-password' }),
    });
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'pages-password' }),
    });
    const token = /session=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1] ?? '';
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const first = (await (await fetch(`${base}/api/shop/products/get?limit=1`)).json()).data[0];
    const keyword = String(first.title).split(' ').at(-1) ?? 'shirt';
    for (const budget of budgets(first._id, keyword)) {
      const page = await browser.newPage();
      if (budget.signedIn) {
        await browser.setCookie({
          name: 'session',
          value: token,
          domain: 'localhost',
          path: '/',
          httpOnly: true,
        });
      } else {
        await browser.deleteMatchingCookies({ name: 'session' });
      }
      const result = await lighthouse(
        `${base}${budget.path}`,
        { port: chrome.port, output: 'json', logLevel: 'error' },
        undefined,
        page,
      );
      await page.close();
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`no result for ${budget.path}`);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      // Name what costs points, so a failing row says where to look.
      for (const category of ['accessibility', 'best-practices', 'seo']) {
        for (const ref of lhr.categories[category]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
            console.log(`  ${budget.path} ${category}: ${audit.id}: ${audit.title}`);
            const items = (audit.details as { items?: { node?: { snippet?: string } }[] })?.items;
            for (const item of items?.slice(0, 4) ?? []) console.log(`    ${item.node?.snippet}`);
          }
        }
      }
      const lcp = Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0);
      const fcp = Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0);
      const tbt = Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0);
      const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? 0;
      const lcpElement = JSON.stringify(
        lhr.audits['largest-contentful-paint-element']?.details ?? {},
      );
      console.log(
        `  ${budget.path}: FCP ${fcp} ms, LCP ${lcp} ms, TBT ${tbt} ms, element ${/"snippet":"(.{0,90})/.exec(lcpElement)?.[1] ?? '?'}`,
      );
      const perf = score('performance');
      const ok =
        perf >= budget.performance &&
        lcp <= budget.lcpMs &&
        cls <= budget.cls &&
        score('accessibility') === 100 &&
        score('best-practices') === 100 &&
        score('seo') === 100;
      rows.push(
        `| ${budget.path.replace(first._id, ':id')} | ${budget.signedIn ? 'shopper' : 'visitor'} | ${perf} (≥ ${budget.performance}) | ${lcp} ms (≤ ${budget.lcpMs}) | ${cls.toFixed(3)} (≤ ${budget.cls}) | ${tbt} ms | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${ok ? 'yes' : '**no**'} |`,
      );
      console.log(rows.at(-1));
    }
    await browser.disconnect();
  } finally {
    chrome.kill();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
  const out = path.join(root, 'docs/performance-pages.md');
  writeFileSync(
    out,
    [
      '# Page performance',
      '',
      `Measured by \`npm run bench:pages\` on ${new Date().toISOString().slice(0, 10)}: Lighthouse mobile preset, system Chromium, built shop with the demo catalogue, served by \`npm start\`'s server on this machine.`,
      '',
      '| page | who | performance | largest contentful paint | layout shift | total blocking time | accessibility | best practices | SEO | budget met |',
      '|---|---|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
    ].join('\n'),
  );
  console.log(readFileSync(out, 'utf8'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
