// The server under test, seen from outside: its environment, readiness, memory and a shopper.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const serveWords = (root: string) => {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: { serve: string };
  };
  return pkg.scripts.serve.split(/\s+/);
};

/**
 * The Node flags `npm run serve` starts the server with, so the bench (and the scale test's
 * cluster) run what production runs.
 */
export function serveFlags(root: string) {
  return serveWords(root).filter((word) => word.startsWith('--'));
}

/** The variables `npm run serve` sets before `node` (MALLOC_ARENA_MAX), likewise. */
export function serveEnv(): Record<string, string> {
  const root = path.resolve(import.meta.dirname, '..');
  const assignments = serveWords(root).filter((word) => /^[A-Z_]+=/.test(word));
  return Object.fromEntries(assignments.map((word) => word.split('=', 2) as [string, string]));
}

/** The named variables of the bench's own environment that are set. */
const passed = (names: readonly string[]) =>
  Object.fromEntries(
    names.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])),
  );

export function childEnv(extra: Record<string, string>) {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    NODE_NO_WARNINGS: '1',
    ...serveEnv(),
    // An A/B of the pages rendered ahead: `PRERENDER_PAGES=false npm run bench`, of how many
    // are kept: `PAGE_CACHE_MB=8`, of the selections rendered whole: `SELECTION_RENDERS_PER_SECOND=0`.
    ...passed(['PRERENDER_PAGES', 'PAGE_CACHE_MB', 'SELECTION_RENDERS_PER_SECOND']),
    // The server's NODE_OPTIONS, e.g. a `--require` of a profiler (not the bench's own).
    ...(process.env.BENCH_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_NODE_OPTIONS } : {}),
    ...extra,
  };
}

export async function waitFor(url: string, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer`);
}

export async function signUp(base: string, email: string) {
  const headers = { 'content-type': 'application/json', origin: base };
  const password = 'bench-password';
  await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ userName: 'Bench', email, password }),
  });
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  const body = (await login.json()) as { user: { id: string } };
  return { id: body.user.id, cookie: (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '' };
}

/** CPU time of a process so far, in clock ticks (user + system). */
export function cpuTicks(pid: number) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/**
 * Waits until the process uses under 5% of a core (its start-up work is done: the listing index,
 * the pages rendered ahead), at most 5 min.
 */
export async function waitForIdle(pid: number) {
  const deadline = Date.now() + 300_000;
  let last = cpuTicks(pid);
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = cpuTicks(pid);
    if (now - last < 5) return;
    last = now;
  }
}

export function rssMb(pid: number) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

/** Clock ticks so far of each of PostgreSQL's processes on this machine (the bench's database). */
function postgresTicks() {
  const ticks = new Map<number, number>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') {
        ticks.set(Number(pid), cpuTicks(Number(pid)));
      }
    } catch {}
  }
  return ticks;
}

/** CPU ticks so far of the server and, when it is measured, of each PostgreSQL process. */
export function cpuOf({ server, postgres }: { server: number; postgres: boolean }) {
  return {
    server: cpuTicks(server),
    postgres: postgres ? postgresTicks() : new Map<number, number>(),
  };
}
