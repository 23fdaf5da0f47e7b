import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { users } from './db/schema';
import { seedDemoPricing } from './modules/seed';
import type { Services } from './services';

type Context = { config: Config; database: Database; services: Services; log: FastifyBaseLogger };
export type DemoAdmin = { email: string; password: string };

/**
 * Start-up data: the demo shop on a new embedded database, then the ADMIN_* admin. A database
 * without users counts as new, so the first admin is written last: a first start killed midway
 * (SIGKILL, a crash) leaves no user, and the next start seeds again, adding only what is missing.
 */
export async function bootstrap({
  config,
  database,
  services,
  log,
}: Context): Promise<{ demoAdmin?: DemoAdmin | undefined }> {
  const [{ value: userCount } = { value: 0 }] = await database.db
    .select({ value: count() })
    .from(users);
  const seedDemo = (config.SEED_DEMO ?? database.kind === 'pglite') && userCount === 0;

  let demoAdmin: DemoAdmin | undefined;
  if (seedDemo) {
    await services.seed.demo();
    await seedDemoPricing(services);
    if (!config.ADMIN_EMAIL) {
      // Never a fixed default password: a random one, shown once (main.ts prints it last).
      demoAdmin = { email: 'admin@shop.local', password: randomBytes(12).toString('base64url') };
      await services.auth.upsertAdmin({ ...demoAdmin, userName: 'Admin' });
    }
  }

  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const { user, created } = await services.auth.upsertAdmin({
      email: config.ADMIN_EMAIL,
      password: config.ADMIN_PASSWORD,
      userName: config.ADMIN_NAME,
    });
    log.info({ email: user.email }, created ? 'admin created' : 'admin updated');
  }
  return { demoAdmin };
}
