// The report of `npm run bench`: the table of DESIGN §10's budgets, written to docs/.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type CrawlResult, crawlerName } from './crawler';

export type Row = {
  db: string;
  name: string;
  rps: number;
  p99: number;
  errors: number;
  ceilingShare?: number;
  /** CPU microseconds per request of the server, and of PostgreSQL on that database. */
  cpuUs?: number;
  dbCpuUs?: number;
  budget: string;
  ok: boolean;
};

export type ReportContext = {
  root: string;
  out: string;
  connections: number;
  duration: number;
  products: string;
  generator: string;
};

export type DatabaseResult = {
  db: string;
  rows: Row[];
  rss: number;
  /** Peak RSS during the server-rendered page runs (after the memory run), when they ran. */
  pageRss?: number;
  /** The crawler row (issue 29), when it ran. */
  crawl?: CrawlResult;
  /**
   * The bare server's req/s on this database's hot listing body, for one URL and with each
   * request built afresh (the random rows' ceiling), and that body's size.
   */
  ceiling: { rps: number; randomRps: number; bytes: number };
};

export function writeReport(ctx: ReportContext, results: DatabaseResult[]) {
  const { connections, duration, root } = ctx;
  const lines = [
    '# Performance',
    '',
    `Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${connections} connections,`,
    `${duration} s per endpoint, ${ctx.products} products, load generator ${ctx.generator} on the same machine`,
    `(${process.env.BENCH_MACHINE ?? '2 cores'}). Ceiling: a bare node:http server answering the`,
    "hot listing's own body from memory through the same generator, measured in the same run",
    "before each database's rows; a row drawing a random request each time (random listings,",
    "products, pages) is measured against the same server loaded that way. CPU: the server's",
    "(and PostgreSQL's) user and system time per request, from /proc, over the measured seconds:",
    ...results.map(
      ({ db, ceiling }) =>
        `- ${db}: **${ceiling.rps} req/s**, ${ceiling.randomRps} req/s with random requests (body ${Math.round(ceiling.bytes / 1024)} KB)`,
    ),
    '',
    '| database | endpoint | req/s | share of ceiling | p99 ms | errors | server CPU µs/req | PostgreSQL CPU µs/req | budget | met |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const { rows } of results) {
    for (const r of rows) {
      lines.push(
        `| ${r.db} | ${r.name} | ${r.rps} | ${Math.round((r.ceilingShare ?? 0) * 100)}% | ${r.p99} | ${r.errors} | ${r.cpuUs ?? '-'} | ${r.dbCpuUs ?? '-'} | ${r.budget} | ${r.ok ? 'yes' : '**no**'} |`,
      );
    }
  }
  const crawls = results.flatMap((r) => (r.crawl ? [r.crawl] : []));
  if (crawls.length > 0) {
    lines.push(
      '',
      `| database | ${crawlerName} | seconds | pages/s | p99 ms | non-200 | 5xx | no answer | budget | met |`,
      '|---|---|---|---|---|---|---|---|---|---|',
    );
    for (const c of crawls) {
      const perSecond = c.seconds > 0 ? Math.round(c.fetched / c.seconds) : 0;
      lines.push(
        `| ${c.db} | ${c.fetched} of ${c.pages} pages | ${c.seconds} | ${perSecond} | ${c.p99} | ${c.non200} | ${c.server5xx} | ${c.failed} | ${c.budget} | ${c.ok ? 'yes' : '**no**'} |`,
      );
    }
  }
  lines.push(
    '',
    '| database | peak server RSS, 100 connections of varied reads | budget | met |',
    '|---|---|---|---|',
  );
  for (const { db, rss } of results) {
    const budget = db === 'postgres' ? 150 : 350;
    lines.push(
      `| ${db} | ${Math.round(rss)} MB | ≤ ${budget} MB | ${rss <= budget ? 'yes' : '**no**'} |`,
    );
  }
  for (const { db, pageRss } of results) {
    if (pageRss === undefined) continue;
    lines.push(`| ${db}, then the crawler and the page rows | ${Math.round(pageRss)} MB | - | - |`);
  }
  const out = path.resolve(root, ctx.out);
  const previous = (() => {
    try {
      return readFileSync(out, 'utf8');
    } catch {
      return '';
    }
  })();
  // Hand-written notes below the marker survive a new run.
  const marker = '<!-- notes -->';
  const notes = previous.includes(marker)
    ? previous.slice(previous.indexOf(marker))
    : `${marker}\n`;
  writeFileSync(out, `${lines.join('\n')}\n\n${notes}`);
  console.log(lines.join('\n'));
}
