import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PageRenderer } from '@contract/page-render';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { type Database, openPglite } from '../../server/src/db/client';
import { createPostgresCopy } from './databases';

/**
 * A migrated database of this test file's own: PGlite, or PostgreSQL with DATABASE_URL (then
 * `url` lets a second instance open its own connections to it).
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const url = process.env.DATABASE_URL;
  if (url) return createPostgresCopy(url);
  const tar = readFileSync(inject('pgliteTemplate'));
  return openPglite({ loadDataDir: new Blob([tar]) });
}

export const TEST_ORIGIN = 'http://localhost:5000';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Makes `app.inject` send what the shop's own pages send: a mutating request carrying a
 * cookie gets the shop's Origin (PUBLIC_URL's, by default TEST_ORIGIN) unless it names an
 * Origin or Referer itself (browsers
 * always send Origin on POST/PUT/DELETE; the CSRF check refuses a cookie without one).
 * Tests of requests without Origin use the returned `injectAsIs`.
 */
export function asOwnPages(app: FastifyInstance) {
  const injectAsIs = app.inject.bind(app);
  const ownOrigin = new URL(app.config.publicUrl).origin;
  const withOrigin = (opts: InjectOptions): InjectOptions => {
    const headers = opts.headers ?? {};
    const names = Object.keys(headers).map((h) => h.toLowerCase());
    const needsOrigin =
      MUTATING.has(String(opts.method ?? 'GET').toUpperCase()) &&
      names.includes('cookie') &&
      !names.includes('origin') &&
      !names.includes('referer');
    return needsOrigin ? { ...opts, headers: { ...headers, origin: ownOrigin } } : opts;
  };
  const wrapped = (opts?: InjectOptions | string) =>
    typeof opts === 'object' ? injectAsIs(withOrigin(opts)) : injectAsIs(opts as string);
  Object.assign(app, { inject: wrapped });
  return injectAsIs as (opts: InjectOptions) => ReturnType<FastifyInstance['inject']>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  {
    webRoot = '/nonexistent',
    renderer = null,
    loopLoad,
  }: { webRoot?: string; renderer?: PageRenderer | null; loopLoad?: () => number } = {},
) {
  const config = loadConfig({
    NODE_ENV: 'test',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    LOG_LEVEL: 'silent',
    // Files the app writes (mail in outbox/, uploads) go to a folder of this app's own.
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'shop-test-')),
    ...env,
  });
  const database = await createTestDatabase();
  const app = await buildApp({
    config,
    database,
    sessionSecret: randomBytes(32).toString('hex'),
    webRoot,
    renderer,
    loopLoad,
  });
  await app.ready();
  const injectAsIs = asOwnPages(app);
  return {
    app,
    injectAsIs,
    db: database.db,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A second instance of the shop on the test app's database, as behind a load balancer: its
 * writes reach the first instance only the way another process's would (NOTIFY, Redis).
 */
export async function startSecondInstance(
  t: TestApp,
  env: Record<string, string> = {},
  database: Database = t.database,
) {
  const other = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }),
    database,
    sessionSecret: randomBytes(32).toString('hex'),
    webRoot: '/nonexistent',
  });
  await other.ready();
  asOwnPages(other);
  return other;
}
