// CI's last check (.ci/run), in node's own test runner: every test run CI made finished and
// wrote its report, ran tests, and none of them failed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { countsOf, expectedReports } from './test-reports.mjs';

for (const report of expectedReports()) {
  test(`${report.name} ran its tests and none failed`, () => {
    const counts = countsOf(report);
    assert.ok(counts, `${report.name}: no report (the run did not finish)`);
    assert.equal(counts.failed, 0, `${report.name}: ${counts.failed} failed`);
    assert.ok(counts.passed > 0, `${report.name}: no test passed`);
  });
}
