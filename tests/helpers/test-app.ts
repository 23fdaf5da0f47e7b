import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { type Database, openPglite } from '../../server/src/db/client';
import { createPostgresCopy } from './databases';

/** A migrated database of this test file's own: PGlite, or PostgreSQL with DATABASE_URL. */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) return createPostgresCopy(url);
  const tar = readFileSync(inject('pgliteTemplate'));
  return openPglite({ loadDataDir: new Blob([tar]) });
}

export const TEST_ORIGIN = 'http://localhost:5000';

export async function createTestApp(
  env: Record<string, string> = {},
  { webRoot = '/nonexistent' }: { webRoot?: string } = {},
) {
  const config = loadConfig({
    NODE_ENV: 'test',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const database = await createTestDatabase();
  const app = await buildApp({
    config,
    database,
    sessionSecret: randomBytes(32).toString('hex'),
    webRoot,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
