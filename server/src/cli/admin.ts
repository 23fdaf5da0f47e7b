// npm run admin -- create --email E --password P [--name N]
// Creates an admin, or promotes the user with that email; the password is (re)set.
import { parseArgs } from 'node:util';
import { emailSchema, passwordSchema } from '@contract/auth';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError } from '../db/data-dir-lock';
import { openDatabase, resolveSessionSecret } from '../db/open';
import { createServices } from '../services';
import { createAdmin } from './admin-create';

const usage = 'usage: npm run admin -- create --email E --password P [--name N]';

const argsSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: z.string().trim().min(1).max(50).default('Admin'),
});

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  });
  if (positionals[0] !== 'create') throw new UsageError(usage);
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  --${i.path.join('.')}: ${i.message}`);
    throw new UsageError(`${problems.join('\n')}\n${usage}`);
  }
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const services = createServices({
      config,
      database,
      sessionSecret: resolveSessionSecret(config),
    });
    const { user, created } = await createAdmin(services, {
      email: parsed.data.email,
      password: parsed.data.password,
      userName: parsed.data.name,
    });
    console.log(`${created ? 'Created' : 'Promoted'} admin ${user.email}`);
  } finally {
    await database.close();
  }
}

class UsageError extends Error {}

main().catch((error: unknown) => {
  const known =
    error instanceof UsageError ||
    error instanceof ConfigError ||
    error instanceof DataDirLockedError;
  console.error(known ? (error as Error).message : error);
  process.exit(1);
});
