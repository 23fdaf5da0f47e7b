import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/open';

/**
 * The shop's app in this process, for the in-process timing loops (listing-cpu, cart-cpu): the
 * database of DATABASE_URL, else PGlite in a fresh temporary data directory; logs off.
 */
export async function inProcessApp(name: string, env: Record<string, string> = {}) {
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    ...env,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), `${name}-`)),
  });
  const database = await openDatabase(config);
  const app = await buildApp({ config, database, sessionSecret: 'x'.repeat(64) });
  await app.ready();
  return { config, database, app };
}
