import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The real server as a child process, for tests of start-up and shutdown.
const dirs: string[] = [];
const children: ChildProcess[] = [];

/** Kills what the file started and removes its folders (call in afterAll). */
export function cleanUpProcesses() {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}

export function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-process-'));
  dirs.push(dir);
  return dir;
}

export function startServer(env: Record<string, string>) {
  // node itself (not npx) so the signal reaches the server, as a process manager's would.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_NO_WARNINGS: '1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

export async function waitForReady(port: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become ready');
}

// Below the kernel's ephemeral range (32768 and up), where an outgoing connection could hold it.
export const freePort = () => 24_000 + Math.floor(Math.random() * 6000);
