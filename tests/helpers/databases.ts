import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPostgres } from '../../server/src/db/client';

// Two runs at once on one server (two checkouts of the shop) each name their own template.
export const TEMPLATE_DB = process.env.TEST_TEMPLATE_DB ?? 'shop_test_template';

/** Connection string to another database on the same PostgreSQL server. */
export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery(url: string, query: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** A fresh PostgreSQL database copied from the migrated template; dropped on close. */
export async function createPostgresCopy(url: string): Promise<Database & { url: string }> {
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      await adminQuery(url, `create database ${name} template ${TEMPLATE_DB}`);
      break;
    } catch (error) {
      // The template is briefly busy while another worker copies it.
      if (attempt >= 20) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  const copyUrl = withDatabase(url, name);
  const database = openPostgres({ url: copyUrl, max: 20 });
  return {
    ...database,
    url: copyUrl,
    async close() {
      await database.close();
      await adminQuery(url, `drop database if exists ${name} with (force)`);
    },
  };
}
