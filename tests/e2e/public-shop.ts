import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';

/**
 * A second server of the built shop, with PUBLIC_STOREFRONT on and the demo catalogue, on a
 * port of the spec's own (the shared server keeps the storefront behind its sign-in page).
 * `env` sets more of its configuration (an EU shop: PRICES_INCLUDE_TAX, SHOP_COUNTRY).
 */
export async function startPublicShop(port: number, env: Record<string, string> = {}) {
  const base = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-public-'));
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      PUBLIC_STOREFRONT: 'true',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      ...env,
    },
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  await expect
    .poll(async () => (await fetch(`${base}/readyz`).catch(() => null))?.status, {
      timeout: 150_000,
    })
    .toBe(200);
  return {
    base,
    /** Its DATA_DIR: mail is written to `outbox/` there (mail.ts). */
    dataDir,
    async stop() {
      server.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type PublicShop = Awaited<ReturnType<typeof startPublicShop>>;
