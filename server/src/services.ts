import type { Config } from './config';
import type { Database } from './db/client';
import { AuthService } from './modules/auth/auth.service';
import { CatalogService } from './modules/catalog/catalog.service';

export type Deps = { config: Config; database: Database; sessionSecret: string };

/** The composition root: every module's service, built once and shared by the routes. */
export function createServices({ database, sessionSecret }: Deps) {
  const { db } = database;
  const auth = new AuthService(db, sessionSecret);
  const catalog = new CatalogService(db);
  return { auth, catalog, seed: undefined as undefined | { demo(): Promise<void> } };
}

export type Services = ReturnType<typeof createServices>;
