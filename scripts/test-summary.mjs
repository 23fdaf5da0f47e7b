#!/usr/bin/env node
// Adds up the reports of CI's test runs (scripts/test-reports.mjs): one line per run, then the
// closing total, "Tests: N passed, N failed, N skipped". Exits non-zero when a report is
// missing, a test failed, or no test ran at all.
import { countsOf, expectedReports } from './test-reports.mjs';

const total = { passed: 0, failed: 0, skipped: 0 };
let missing = false;
for (const report of expectedReports()) {
  const counts = countsOf(report);
  if (!counts) {
    console.error(`${report.name}: no report (the run did not finish)`);
    missing = true;
    continue;
  }
  console.log(
    `${report.name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
  );
  for (const key of Object.keys(total)) total[key] += counts[key];
}
console.log(`Tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(missing || total.failed > 0 || total.passed === 0 ? 1 : 0);
