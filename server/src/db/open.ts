import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { type Database, openPglite, openPostgres } from './client';
import { lockDataDir } from './data-dir-lock';

export async function openDatabase(config: Config): Promise<Database> {
  if (config.DATABASE_URL) {
    const database = openPostgres({ url: config.DATABASE_URL });
    await database.migrate();
    return database;
  }
  mkdirSync(config.DATA_DIR, { recursive: true });
  const unlock = lockDataDir(config.DATA_DIR);
  try {
    const database = await openPglite({ dataDir: path.join(config.DATA_DIR, 'db') });
    await database.migrate();
    return {
      ...database,
      async close() {
        await database.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** Outside production a random secret kept in DATA_DIR, so sessions survive dev restarts. */
export function resolveSessionSecret(config: Config): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  const file = path.join(config.DATA_DIR, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
