#!/usr/bin/env node
// Adds up the JSON reports that vitest and Playwright wrote to TEST_REPORT_DIR (.ci/run) and
// prints one line per run and a closing total: "Tests: N passed, N failed, N skipped".
// Exits non-zero when a report is missing, a test failed, or no test ran at all.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.env.TEST_REPORT_DIR;
if (!dir) {
  console.error('TEST_REPORT_DIR is not set');
  process.exit(2);
}
const expected = process.argv.slice(2);
const total = { passed: 0, failed: 0, skipped: 0 };

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

let missing = false;
for (const file of expected) {
  const where = path.join(dir, file);
  if (!existsSync(where)) {
    console.error(`${file}: no report (the run did not finish)`);
    missing = true;
    continue;
  }
  const report = JSON.parse(readFileSync(where, 'utf8'));
  const counts = file.startsWith('playwright') ? countPlaywright(report) : countVitest(report);
  console.log(
    `${file.replace(/\.json$/, '')}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
  );
  for (const key of Object.keys(total)) total[key] += counts[key];
}
console.log(`Tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(missing || total.failed > 0 || total.passed === 0 ? 1 : 0);
