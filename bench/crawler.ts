// The crawler row of `npm run bench` (issue 29): every product page once, as a search engine's
// crawler asks for them after reading the sitemap, on pages no one has opened yet.
import autocannon from 'autocannon';
import { browserEncoding } from './page-loads';

export const crawlerName = 'crawler, every product page once, 8 connections';
const CONNECTIONS = 8;
/** Issue 29: all 10,000 within 20 s, no 5xx. */
export const CRAWL_BUDGET_SECONDS = 20;
/** A crawl still under way at three times its budget is stopped, so a slow build ends the run. */
const CRAWL_CAP_SECONDS = 3 * CRAWL_BUDGET_SECONDS;

export type CrawlResult = {
  db: string;
  /** Product pages in the sitemap, and how many of them were fetched before the cap. */
  pages: number;
  fetched: number;
  /** From the first request to the last answer. */
  seconds: number;
  p99: number;
  /** Answers other than 200, 5xx among them, and requests without an answer (errors, timeouts). */
  non200: number;
  server5xx: number;
  failed: number;
  budget: string;
  ok: boolean;
};

export async function crawl(base: string, db: string, paths: readonly string[]) {
  let next = 0;
  let last = 0;
  const start = performance.now();
  let instance: autocannon.Instance | undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: base,
        connections: Math.min(CONNECTIONS, paths.length),
        pipelining: 1,
        amount: paths.length,
        headers: { ...browserEncoding },
        requests: [
          {
            setupRequest: (req: object) => ({
              ...req,
              method: 'GET',
              // Wraps only if autocannon builds a request it then does not send.
              path: paths[next++ % paths.length],
            }),
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  instance?.on('response', () => {
    last = performance.now();
  });
  const cap = setTimeout(() => instance?.stop(), CRAWL_CAP_SECONDS * 1000);
  const result = await done;
  clearTimeout(cap);
  const codes = Object.entries(result.statusCodeStats ?? {});
  const ok200 = codes.find(([code]) => code === '200')?.[1].count ?? 0;
  const fetched = codes.reduce((n, [, s]) => n + (s.count ?? 0), 0);
  const seconds = Math.round((last - start) / 10) / 100;
  const server5xx = result['5xx'];
  return {
    db,
    pages: paths.length,
    fetched,
    seconds,
    p99: result.latency.p99,
    non200: fetched - ok200,
    server5xx,
    failed: result.errors + result.timeouts,
    budget: `all ${paths.length} within ${CRAWL_BUDGET_SECONDS} s; no 5xx`,
    ok:
      fetched === paths.length &&
      seconds <= CRAWL_BUDGET_SECONDS &&
      server5xx === 0 &&
      result.errors + result.timeouts === 0,
  } satisfies CrawlResult;
}
