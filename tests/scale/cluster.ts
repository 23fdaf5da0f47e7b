import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  createWriteStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { serveEnv, serveFlags } from '../../bench/server-process';
import { ensureNginx, startNginx } from './nginx';

// The machines of the scale test: a fresh PostgreSQL database, three built instances of the
// shop and nginx in front, all on loopback ports, and the clean-up of every one of them.

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCES = ['server/src', 'web', 'contract', 'scripts', 'package-lock.json', 'vite.config.ts'];
const BUILT = ['dist/server/main.js', 'dist/web/index.html', 'dist/ssr/entry-server.js'];

export const ADMIN = { email: 'scale-admin@example.com', password: 'scale admin password' };

export type Instance = {
  name: string;
  port: number;
  child: ChildProcess;
  /** The exit code, or the signal's name when a signal ended it. */
  exited: Promise<number | string | null>;
  log: string;
};

export type Cluster = {
  origin: string;
  databaseUrl: string;
  instances: Instance[];
  nginxErrorLog: string;
  /** SIGTERM: the shop's graceful shutdown; resolves with its exit code. */
  stop(instance: Instance): Promise<number | string | null>;
  /** SIGKILL: the instance vanishes mid-request. */
  kill(instance: Instance): Promise<number | string | null>;
  /** Starts a stopped or killed instance again on its port; resolves once it is ready. */
  restart(instance: Instance): Promise<Instance>;
};

export type ClusterOptions = {
  /** A PostgreSQL server (any database on it): the test creates and drops its own database. */
  databaseUrl: string;
  redisUrl: string;
  /** More environment for every instance (SMTP_URL, MAIL_FROM). */
  env?: Record<string, string>;
};

const newest = (file: string): number => {
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...readdirSync(file)
      .filter((name) => name !== 'node_modules' && !name.startsWith('.'))
      .map((name) => newest(path.join(file, name))),
  );
};

/** `npm run build` when dist/ is missing or older than a source file. */
export function ensureBuild() {
  const built = BUILT.map((f) => path.join(ROOT, f));
  const sourcesAt = Math.max(...SOURCES.map((s) => path.join(ROOT, s)).map(newest));
  const missing = built.some((f) => !existsSync(f));
  if (!missing && Math.min(...built.map((f) => statSync(f).mtimeMs)) > sourcesAt) return;
  console.log(`▶ npm run build (${missing ? 'no build yet' : 'sources changed since the build'})`);
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('npm run build failed');
}

export async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function adminQuery(url: string, query: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

async function waitForReady(instance: Instance, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | string | null | undefined;
  void instance.exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new Error(`${instance.name} exited (${exitCode}) at start-up; see ${instance.log}`);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${instance.port}/readyz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(
    `${instance.name} was not ready after ${timeoutMs / 1000} s; see ${instance.log}`,
  );
}

/**
 * Starts everything; `cleanUp()` (also after a failure half-way) stops what was started and
 * drops the database. The instances share one DATA_DIR, as they would share object storage.
 */
export function createCluster({
  databaseUrl: baseDatabaseUrl,
  redisUrl,
  env = {},
}: ClusterOptions) {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-scale-'));
  const children: ChildProcess[] = [];
  const envs = new Map<string, Record<string, string>>();
  let databaseName: string | undefined;
  let nginxChild: ChildProcess | undefined;

  const startInstance = (name: string, port: number, own: Record<string, string>): Instance => {
    envs.set(name, own);
    const log = path.join(dir, `${name}.log`);
    const child = spawn(
      process.execPath,
      ['--enable-source-maps', ...serveFlags(ROOT), 'dist/server/main.js'],
      { cwd: ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...serveEnv(), ...own } },
    );
    // Appended: a restarted instance's log follows its first life's.
    const out = createWriteStream(log, { flags: 'a' });
    child.stdout?.pipe(out);
    child.stderr?.pipe(out);
    children.push(child);
    const exited = new Promise<number | string | null>((resolve) =>
      child.on('exit', (code, signal) => resolve(signal ?? code)),
    );
    return { name, port, child, exited, log };
  };

  async function start(): Promise<Cluster> {
    const nginxBinary = ensureNginx();
    ensureBuild();
    databaseName = `shop_scale_${randomBytes(5).toString('hex')}`;
    await adminQuery(baseDatabaseUrl, `create database ${databaseName}`);
    const databaseUrl = withDatabase(baseDatabaseUrl, databaseName);

    const balancerPort = await freePort();
    const origin = `http://127.0.0.1:${balancerPort}`;
    const ports = [await freePort(), await freePort(), await freePort()];
    const shared = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: origin,
      TRUST_PROXY: 'true',
      PAYPAL_SIMULATOR: 'true',
      DATA_DIR: path.join(dir, 'data'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // Every shopper comes from 127.0.0.1 through nginx: the documented knob lifts the
      // per-address sign-in limit (10 a minute) that would otherwise stop the 101st shopper.
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
    };
    // The first migrates the database and creates the admin; the others start on it.
    const first = startInstance('instance-1', ports[0]!, {
      ...shared,
      PORT: String(ports[0]),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    await waitForReady(first);
    const others = ports
      .slice(1)
      .map((port, i) =>
        startInstance(`instance-${i + 2}`, port, { ...shared, PORT: String(port) }),
      );
    await Promise.all(others.map((instance) => waitForReady(instance)));

    const nginx = startNginx(nginxBinary, {
      port: balancerPort,
      upstreams: ports,
      dir: path.join(dir, 'nginx'),
    });
    nginxChild = nginx.child;
    await waitForBalancer(origin);
    const signal = (instance: Instance, name: NodeJS.Signals) => {
      instance.child.kill(name);
      return instance.exited;
    };
    return {
      origin,
      databaseUrl,
      instances: [first, ...others],
      nginxErrorLog: nginx.errorLog,
      stop: (instance) => signal(instance, 'SIGTERM'),
      kill: (instance) => signal(instance, 'SIGKILL'),
      async restart(instance) {
        const again = startInstance(instance.name, instance.port, envs.get(instance.name)!);
        await waitForReady(again);
        return again;
      },
    };
  }

  /** Stops every process started; keeps the logs (returns where) when asked to. */
  async function cleanUp({ keepLogs = false } = {}) {
    // nginx's master stops its workers on SIGTERM; a SIGKILLed master would leave them listening.
    if (nginxChild) await stopGently(nginxChild);
    const exits = children
      .filter((child) => child.exitCode === null && child.signalCode === null)
      .map((child) => {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        return exited;
      });
    await Promise.all(exits);
    if (databaseName) {
      await adminQuery(baseDatabaseUrl, `drop database if exists ${databaseName} with (force)`);
    }
    rmSync(path.join(dir, 'data'), { recursive: true, force: true });
    if (keepLogs) return dir;
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }

  /** The instances' logged errors (pino level 50 and up), by message: what a 5xx would leave. */
  function loggedErrors() {
    const errors = new Map<string, { count: number; example: string }>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.log'))) {
      for (const line of readFileSync(path.join(dir, file), 'utf8').split('\n')) {
        let entry: { level?: number; msg?: string; err?: { message?: string; stack?: string } };
        try {
          entry = JSON.parse(line);
        } catch {
          continue;
        }
        if ((entry.level ?? 0) < 50) continue;
        const message = entry.err?.message ?? entry.msg ?? '';
        const group = errors.get(message);
        if (group) group.count += 1;
        else errors.set(message, { count: 1, example: `${file}: ${entry.err?.stack ?? message}` });
      }
    }
    return errors;
  }

  return { start, cleanUp, loggedErrors, dir };
}

async function stopGently(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const late = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(late);
}

async function waitForBalancer(origin: string) {
  for (let i = 0; i < 50; i += 1) {
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nginx did not answer at ${origin}`);
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
