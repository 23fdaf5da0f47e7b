import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { users } from './db/schema';
import { seedDemoPricing } from './modules/seed/demo-pricing';
import type { Services } from './services';

type Context = { config: Config; database: Database; services: Services; log: FastifyBaseLogger };
export type DemoAdmin = { email: string; password: string };

/** Start-up data: the ADMIN_* admin, and the demo shop on an empty embedded database. */
export async function bootstrap({
  config,
  database,
  services,
  log,
}: Context): Promise<{ demoAdmin?: DemoAdmin | undefined }> {
  const [{ value: userCount } = { value: 0 }] = await database.db
    .select({ value: count() })
    .from(users);
  const isEmpty = userCount === 0;

  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const { user, created } = await services.auth.upsertAdmin({
      email: config.ADMIN_EMAIL,
      password: config.ADMIN_PASSWORD,
      userName: config.ADMIN_NAME,
    });
    log.info({ email: user.email }, created ? 'admin created' : 'admin updated');
  }

  const seedDemo = config.SEED_DEMO ?? (isEmpty && database.kind === 'pglite');
  if (!seedDemo || !isEmpty) return {};

  let demoAdmin: DemoAdmin | undefined;
  if (!config.ADMIN_EMAIL) {
    // Never a fixed default password: a random one, shown once (main.ts prints it last).
    demoAdmin = { email: 'admin@shop.local', password: randomBytes(12).toString('base64url') };
    await services.auth.upsertAdmin({ ...demoAdmin, userName: 'Admin' });
  }
  await services.seed?.demo();
  await seedDemoPricing(services);
  return { demoAdmin };
}
