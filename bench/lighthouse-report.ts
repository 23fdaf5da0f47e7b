// A page's Lighthouse runs for `npm run bench:pages`: the median run, what costs it points and
// where its main thread's time goes, and its row of the table.
import type lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

export type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

type BootupItem = { url: string; total: number; scripting: number; scriptParseCompile: number };

type WorkItem = { groupLabel: string; duration: number };

type LongTask = { url: string; startTime: number; duration: number };

export type Budget = {
  path: string;
  signedIn: boolean;
  performance: number;
  lcpMs: number;
  /** Cumulative layout shift, at most. */
  cls: number;
};

export const who = (b: Budget) => (b.signedIn ? 'shopper' : 'visitor');

export /** The median run of a page, its diagnosis printed, as a table row. */
function report(shownPath: string, budget: Budget, measured: Lhr[]) {
  const lhr = measured.length === 1 ? measured[0]! : (computeMedianRun(measured) as Lhr);
  const scores = measured.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100));
  console.log(`  ${shownPath} (${who(budget)}): performance of the runs ${scores.join(', ')}`);
  if (lhr.runtimeError)
    console.log(`  ${shownPath}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  for (const warning of lhr.runWarnings) console.log(`  ${shownPath}: ${warning}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  // Name what costs points, so a failing row says where to look.
  for (const category of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        console.log(`  ${shownPath} ${category}: ${audit.id}: ${audit.title}`);
        const items = (audit.details as { items?: { node?: { snippet?: string } }[] })?.items;
        for (const item of items?.slice(0, 4) ?? []) console.log(`    ${item.node?.snippet}`);
      }
    }
  }
  const lcp = Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0);
  const fcp = Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0);
  const tbt = Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0);
  const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? 0;
  const lcpElement = JSON.stringify(lhr.audits['largest-contentful-paint-element']?.details ?? {});
  console.log(
    `  ${shownPath}: FCP ${fcp} ms, LCP ${lcp} ms, TBT ${tbt} ms, element ${/"snippet":"(.{0,90})/.exec(lcpElement)?.[1] ?? '?'}`,
  );
  // Where the blocking time comes from: the main thread's longest tasks and their scripts.
  const base = new URL(lhr.finalDisplayedUrl).origin;
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
  const row = `| ${shownPath} | ${who(budget)} | ${perf} (≥ ${budget.performance}) | ${lcp} ms (≤ ${budget.lcpMs}) | ${cls.toFixed(3)} (≤ ${budget.cls}) | ${tbt} ms | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${ok ? 'yes' : '**no**'} |`;
  console.log(row, `benchmarkIndex ${lhr.environment.benchmarkIndex}`);
  return row;
}
