#!/usr/bin/env node
// `npm test`: unit and API tests on the configured database, then the E2E tests in Chromium
// when one is installed. REQUIRE_E2E=1 turns a missing browser into a failure (CI).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (cmd, args, env = {}) => {
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
};

const where = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite';
console.log(`\n▶ Unit and API tests on ${where}\n`);
if (run('npx', ['vitest', 'run']) !== 0) process.exit(1);

const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const message =
    `\n✖ E2E tests did NOT run: no Chromium at ${chromium}.\n` +
    '  Install one with `apt-get install -y chromium` (Debian/Ubuntu) or set CHROME_PATH.\n';
  if (process.env.REQUIRE_E2E === '1') {
    console.error(message);
    process.exit(1);
  }
  console.warn(message);
  process.exit(0);
}

console.log('\n▶ Building the shop for the E2E tests\n');
if (run('npm', ['run', 'build', '--silent']) !== 0) process.exit(1);
console.log(`\n▶ E2E tests in ${chromium}\n`);
process.exit(run('npx', ['playwright', 'test'], { CHROME_PATH: chromium }));
