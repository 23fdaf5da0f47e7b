// npm run bench:pages — Lighthouse (mobile preset) on the built shop with the demo catalogue,
// in the system Chromium; writes the scores to docs/performance-pages.md. Arguments pick pages by
// part of their path (`npm run bench:pages -- listing`) and leave the table as it is;
// `--runs N` measures each page N times (default 3) and reports the median run, as Lighthouse
// CI does: one run of a page swings by up to 16 points on this machine.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { type Budget, type Lhr, report, who } from './lighthouse-report';
import { waitForIdle } from './server-process';

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

/** DESIGN §10: the shop pages for a signed-in shopper and, the storefront being public, a visitor. */
function budgets(productId: string, keyword: string): Budget[] {
  const shopPages = [
    '/shop/home',
    '/shop/listing',
    // A shopper's own selection: the listing's frame, its products read after hydration.
    '/shop/listing?category=men,women&sortBy=price-hightolow',
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

type Shop = {
  base: string;
  token: string;
  productId: string;
  keyword: string;
  stop: () => Promise<void>;
};

/** The built shop with the demo catalogue on a fresh data directory, and a signed-in shopper. */
async function startShop({ waitIdle }: { waitIdle: boolean }): Promise<Shop> {
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
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${base}/readyz`);
    // The demo seed and the cache warm-up run after start: measure the shop once they are done,
    // not while they share the CPU with the browser (but for a first visit, measured as it comes).
    if (waitIdle) await waitForIdle(server.pid ?? 0);
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
    const first = (await (await fetch(`${base}/api/shop/products/get?limit=1`)).json()).data[0];
    const keyword = String(first.title).split(' ').at(-1) ?? 'shirt';
    return { base, token, productId: first._id, keyword, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** One Lighthouse run of a page (one more try when it records no trace). */
async function lighthouseRun(
  chrome: chromeLauncher.LaunchedChrome,
  browser: Browser,
  shop: Shop,
  budget: Budget,
  name: string,
): Promise<Lhr> {
  const page = await browser.newPage();
  if (budget.signedIn) {
    await browser.setCookie({
      name: 'session',
      value: shop.token,
      domain: 'localhost',
      path: '/',
      httpOnly: true,
    });
  } else {
    await browser.deleteMatchingCookies({ name: 'session' });
  }
  try {
    for (let attempt = 1; ; attempt++) {
      const result = await lighthouse(
        `${shop.base}${budget.path}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          // Saved traces carry V8's samples: which functions a long task ran (it slows
          // the page a little, so scores measured this way are for diagnosis only).
          ...(process.env.BENCH_TRACE_DIR
            ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' }
            : {}),
        },
        undefined,
        page,
      );
      if (!result?.lhr) throw new Error(`no result for ${budget.path}`);
      if (!result.lhr.runtimeError || attempt === 2) {
        if (process.env.BENCH_TRACE_DIR) {
          writeFileSync(
            path.join(process.env.BENCH_TRACE_DIR, `${name}.json`),
            JSON.stringify((result.artifacts as { Trace?: unknown }).Trace ?? {}),
          );
        }
        return result.lhr;
      }
    }
  } finally {
    await page.close();
  }
}

/** The system Chromium, headless, and puppeteer on it. */
async function launchChrome() {
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
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  return {
    chrome,
    browser,
    close: async () => {
      await browser.disconnect();
      chrome.kill();
    },
  };
}

async function main() {
  const words = process.argv.slice(2);
  const runsAt = words.indexOf('--runs');
  const runs = runsAt >= 0 ? Math.max(1, Number(words[runsAt + 1]) || 1) : 3;
  // Each run on a shop started for it, every page's first visit measured.
  const firstVisit = words.includes('--first-visit');
  const only = words.filter((a, i) => !a.startsWith('-') && (runsAt < 0 || i !== runsAt + 1));
  const chosenOf = (shop: Shop) =>
    budgets(shop.productId, shop.keyword).filter(
      (b) => only.length === 0 || only.some((o) => b.path.includes(o)),
    );
  /** Each chosen page's runs, by its path with the product's id as `:id`, and who. */
  const measured = new Map<string, { budget: Budget; runs: Lhr[] }>();
  const keyOf = (shop: Shop, b: Budget) => `${b.path.replace(shop.productId, ':id')}|${who(b)}`;
  const record = (shop: Shop, budget: Budget, lhr: Lhr) => {
    const key = keyOf(shop, budget);
    const entry = measured.get(key) ?? { budget, runs: [] };
    entry.runs.push(lhr);
    measured.set(key, entry);
  };
  if (firstVisit) {
    // Each page in a browser of its own: Chromium keeps the scripts it compiled, and the shop's
    // chunks are the same on every page.
    for (let run = 0; run < runs; run++) {
      const shop = await startShop({ waitIdle: false });
      try {
        for (const budget of chosenOf(shop)) {
          const { chrome, browser, close } = await launchChrome();
          try {
            const name = `${who(budget)}${budget.path.replace(/\W+/g, '-')}-${run}`;
            record(shop, budget, await lighthouseRun(chrome, browser, shop, budget, name));
          } finally {
            await close();
          }
        }
      } finally {
        await shop.stop();
      }
    }
  } else {
    const shop = await startShop({ waitIdle: true });
    const { chrome, browser, close } = await launchChrome();
    try {
      for (const budget of chosenOf(shop)) {
        // A visit first, as a shop in use has its pages' answers cached and its code compiled.
        await fetch(`${shop.base}${budget.path}`, {
          headers: budget.signedIn ? { cookie: `session=${shop.token}` } : {},
        });
        for (let run = 0; run < runs; run++) {
          const name = `${who(budget)}${budget.path.replace(/\W+/g, '-')}-${run}`;
          record(shop, budget, await lighthouseRun(chrome, browser, shop, budget, name));
        }
      }
    } finally {
      await close();
      await shop.stop();
    }
  }
  const rows = [...measured].map(([key, { budget, runs: all }]) =>
    report(key.split('|')[0]!, budget, all),
  );
  if (only.length > 0) return; // a partial run does not rewrite the table
  const out = path.join(
    root,
    firstVisit ? 'docs/performance-first-visit.md' : 'docs/performance-pages.md',
  );
  const how = firstVisit
    ? `each page's first visit to a shop started for the run (no visit before, the shop's start-up work under way), ${runs} runs on ${runs} starts, the median run shown`
    : `each page measured ${runs} times after one visit, the median run shown`;
  writeFileSync(
    out,
    [
      firstVisit ? '# Page performance, first visit' : '# Page performance',
      '',
      `Measured by \`npm run bench:pages${firstVisit ? ' -- --first-visit' : ''}\` on ${new Date().toISOString().slice(0, 10)}: Lighthouse mobile preset, system Chromium, built shop with the demo catalogue, served by \`npm start\`'s server on this machine; ${how}.`,
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
