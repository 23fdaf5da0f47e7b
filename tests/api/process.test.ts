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

  it('prints the demo admin last, framed, after listening; no request lines in development', async () => {
    const p = port();
    const server = start({
      DATA_DIR: tempDir(),
      PORT: String(p),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      PUBLIC_URL: `http://localhost:${p}`,
    });
    // Drawing the demo catalogue takes a while on a busy machine.
    await waitForReady(p, 80_000);
    // The frame is complete once its bottom border follows the password (slow on a busy box).
    const framed = () => /password:[\s\S]*\n\+-+\+/.test(server.output());
    const deadline = Date.now() + 30_000;
    while (!framed() && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    await fetch(`http://127.0.0.1:${p}/api/shop/products/get`);
    await new Promise((r) => setTimeout(r, 300));
    const output = server.output().trimEnd();
    const lines = output.split('\n');
    // The framed block closes the output: nothing is printed after it.
    const first = lines.findLastIndex((l) => l.includes('Shop running at'));
    const block = lines.slice(first - 1);
    expect(block.every((l) => /^[|+]/.test(l))).toBe(true);
    expect(block.at(-1)).toMatch(/^\+-+\+$/);
    expect(block.join('\n')).toContain(`Shop running at http://localhost:${p}`);
    expect(block.join('\n')).toMatch(/email: +admin@shop\.local/);
    expect(block.join('\n')).toMatch(/password: +[\w-]{16}/);
    expect(output).not.toContain('"msg":"request"');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 120_000);
});
