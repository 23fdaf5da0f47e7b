import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../server/src/db/client';
import { adminQuery, TEMPLATE_DB, withDatabase } from './databases';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

// Migrating takes seconds; it is done once per run, and every test file copies the result.
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    await adminQuery(url, `drop database if exists ${TEMPLATE_DB} with (force)`);
    await adminQuery(url, `create database ${TEMPLATE_DB}`);
    const template = openPostgres({ url: withDatabase(url, TEMPLATE_DB), max: 1 });
    await template.migrate();
    await template.close();
    project.provide('pgliteTemplate', '');
    return;
  }
  const database = await openPglite();
  await database.migrate();
  const pglite = (database as unknown as { pglite: { dumpDataDir(c: 'none'): Promise<Blob> } })
    .pglite;
  const dump = await pglite.dumpDataDir('none');
  await database.close();
  const file = path.join(tmpdir(), `shop-test-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
}
