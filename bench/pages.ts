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
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import puppeteer from 'puppeteer-core';
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

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

type BootupItem = { url: string; total: number; scripting: number; scriptParseCompile: number };

type WorkItem = { groupLabel: string; duration: number };

type LongTask = { url: string; startTime: number; duration: number };

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
  const words = process.argv.slice(2);
  const runsAt = words.indexOf('--runs');
  const runs = runsAt >= 0 ? Math.max(1, Number(words[runsAt + 1]) || 1) : 3;
  const only = words.filter((a, i) => !a.startsWith('-') && (runsAt < 0 || i !== runsAt + 1));
  try {
    await waitFor(`${base}/readyz`);
    // The demo seed and the cache warm-up run after start: measure the shop once they are done,
    // not while they share the CPU with the browser.
    await waitForIdle(server.pid ?? 0);
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
    const chosen = budgets(first._id, keyword).filter(
      (b) => only.length === 0 || only.some((o) => b.path.includes(o)),
    );
    for (const budget of chosen) {
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
      // A visit first, as a shop in use has its pages' answers cached and its code compiled.
      await fetch(`${base}${budget.path}`, {
        headers: budget.signedIn ? { cookie: `session=${token}` } : {},
      });
      const measured: Lhr[] = [];
      for (let run = 0; run < runs; run++) {
        // Lighthouse sometimes fails to record a trace (NO_NAVSTART): one more try, then report it.
        for (let attempt = 1; ; attempt++) {
          const result = await lighthouse(
            `${base}${budget.path}`,
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
            measured.push(result.lhr);
            if (process.env.BENCH_TRACE_DIR) {
              const name = `${budget.signedIn ? 'shopper' : 'visitor'}${budget.path.replace(/\W+/g, '-')}-${run}.json`;
              writeFileSync(
                path.join(process.env.BENCH_TRACE_DIR, name),
                JSON.stringify((result.artifacts as { Trace?: unknown }).Trace ?? {}),
              );
            }
            break;
          }
        }
      }
      const lhr = runs === 1 ? measured[0]! : (computeMedianRun(measured) as Lhr);
      if (runs > 1) {
        const scores = measured.map((r) =>
          Math.round((r.categories.performance?.score ?? 0) * 100),
        );
        console.log(
          `  ${budget.path}: performance of the ${runs} runs ${scores.join(', ')}; median run below`,
        );
      }
      await page.close();
      if (lhr.runtimeError)
        console.log(`  ${budget.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      for (const warning of lhr.runWarnings) console.log(`  ${budget.path}: ${warning}`);
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
      // Where the blocking time comes from: the main thread's longest tasks and their scripts.
      const bootup = (lhr.audits['bootup-time']?.details as { items?: BootupItem[] })?.items ?? [];
      for (const item of bootup.slice(0, 5))
        console.log(
          `    ${Math.round(item.total)} ms (script ${Math.round(item.scripting)}, parse ${Math.round(item.scriptParseCompile)}) ${item.url.replace(base, '')}`,
        );
      const work =
        (lhr.audits['mainthread-work-breakdown']?.details as { items?: WorkItem[] })?.items ?? [];
      console.log(
        `    main thread: ${work.map((w) => `${w.groupLabel} ${Math.round(w.duration)}`).join(', ')}; DOM ${lhr.audits['dom-size']?.displayValue ?? '?'}`,
      );
      const longTasks =
        (lhr.audits['long-tasks']?.details as { items?: LongTask[] })?.items?.slice(0, 8) ?? [];
      console.log(
        `    long tasks: ${longTasks.map((t) => `${Math.round(t.startTime)}+${Math.round(t.duration)} ${t.url.replace(base, '').slice(-24)}`).join(', ')}`,
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
      console.log(rows.at(-1), `benchmarkIndex ${lhr.environment.benchmarkIndex}`);
    }
    await browser.disconnect();
  } finally {
    chrome.kill();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (only.length > 0) return; // a partial run does not rewrite the table
  const out = path.join(root, 'docs/performance-pages.md');
  writeFileSync(
    out,
    [
      '# Page performance',
      '',
      `Measured by \`npm run bench:pages\` on ${new Date().toISOString().slice(0, 10)}: Lighthouse mobile preset, system Chromium, built shop with the demo catalogue, served by \`npm start\`'s server on this machine; each page measured ${runs} times after one visit, the median run shown.`,
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
