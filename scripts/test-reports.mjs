// The JSON reports that vitest and Playwright write to TEST_REPORT_DIR (.ci/run), counted:
// read by scripts/test-reports.test.mjs (node's test runner checks each run) and
// scripts/test-summary.mjs (the closing total).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Playwright's JSON: suites nest, each spec holds tests whose last result decides. */
function countPlaywright(report) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'skipped') counts.skipped += 1;
        else if (test.status === 'expected' || test.status === 'flaky') counts.passed += 1;
        else counts.failed += 1;
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return counts;
}

const countVitest = (report) => ({
  passed: report.numPassedTests ?? 0,
  failed: report.numFailedTests ?? 0,
  skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
});

/** The report files named in TEST_REPORTS (space-separated), in TEST_REPORT_DIR. */
export function expectedReports() {
  const dir = process.env.TEST_REPORT_DIR;
  const names = (process.env.TEST_REPORTS ?? '').split(/\s+/).filter(Boolean);
  if (!dir || names.length === 0) {
    throw new Error('TEST_REPORT_DIR and TEST_REPORTS name the reports to read');
  }
  return names.map((name) => ({ name: name.replace(/\.json$/, ''), file: path.join(dir, name) }));
}

/** A run's counts from its report, or undefined when the run wrote none (it did not finish). */
export function countsOf({ name, file }) {
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return name.startsWith('playwright') ? countPlaywright(report) : countVitest(report);
}
