import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  cleanUpProcesses,
  freePort as port,
  startServer as start,
  tempDir,
  waitForReady,
} from '../helpers/server-process';

// The real server process: start-up checks, the embedded database's lock, graceful shutdown.
// Embedded database only (what a fresh `npm start` uses): vitest.config excludes this file
// when DATABASE_URL is set.
afterAll(cleanUpProcesses);

describe('server process', () => {
  it('stops with a message naming a bad variable', async () => {
    const server = start({ PORT: 'not-a-port', DATA_DIR: tempDir() });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT');
    expect(server.output()).not.toMatch(/at .*\.ts:\d+/);
  });

  it('refuses production without SESSION_SECRET', async () => {
    const server = start({ NODE_ENV: 'production', DATA_DIR: tempDir(), PORT: String(port()) });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('SESSION_SECRET');
  });

  it('keeps a second process off the same embedded database, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = tempDir();
    const p1 = port();
    const first = start({ DATA_DIR: dataDir, PORT: String(p1) });
    await waitForReady(p1);

    const second = start({ DATA_DIR: dataDir, PORT: String(p1 + 1) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by process \d+/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);

    // The database was closed cleanly: a new server opens it and answers.
    const p2 = port();
    const third = start({ DATA_DIR: dataDir, PORT: String(p2) });
    await waitForReady(p2);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 150_000);
});
