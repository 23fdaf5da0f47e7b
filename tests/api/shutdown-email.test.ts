import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { type Database, openPglite } from '../../server/src/db/client';
import { emailOutbox } from '../../server/src/db/schema';
import { createPostgresCopy } from '../helpers/databases';
import {
  cleanUpProcesses,
  freePort,
  startServer,
  tempDir,
  waitForReady,
} from '../helpers/server-process';
import { startSmtp } from '../helpers/smtp';

// A deploy stops an instance while its email sender is mid-round, on PGlite and on
// PostgreSQL: the database must outlive the round, or the message being sent is never
// recorded and another instance sends it again once its lease runs out.
afterAll(cleanUpProcesses);

const MESSAGES = 10;
const LEASE_OVER = () => new Date(Date.now() + 3 * 60_000);

/** The server's database: a PostgreSQL copy, or PGlite files the child process opens in turn. */
async function sharedDatabase(dataDir: string): Promise<{
  env: Record<string, string>;
  open: () => Promise<Database>;
  drop: () => Promise<void>;
}> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const copy = await createPostgresCopy(url);
    return { env: { DATABASE_URL: copy.url }, open: async () => copy, drop: () => copy.close() };
  }
  // The first open copies the migrated template into the folder; later opens read it.
  let template: Blob | undefined = new Blob([readFileSync(inject('pgliteTemplate'))]);
  const open = async () => {
    const loadDataDir = template;
    template = undefined;
    return openPglite({
      dataDir: path.join(dataDir, 'db'),
      ...(loadDataDir ? { loadDataDir } : {}),
    });
  };
  return { env: {}, open, drop: async () => {} };
}

/** Whether `count()` reaches MESSAGES within a few seconds. */
async function arrives(count: () => number) {
  for (let i = 0; i < 50 && count() < MESSAGES; i += 1)
    await new Promise((r) => setTimeout(r, 100));
  return count() >= MESSAGES;
}

/** PGlite's files are the child's while it runs; PostgreSQL is shared all along. */
const release = (database: Database) =>
  database.kind === 'pglite' ? database.close() : Promise.resolve();

it('sends each email exactly once when an instance is stopped mid-round', async () => {
  // A slow server for the instance that stops (its round is long), a quick one for the other.
  const slow = await startSmtp({ delayMs: 1000 });
  const quick = await startSmtp();
  const dataDir = tempDir();
  const shared = await sharedDatabase(dataDir);
  try {
    const seeding = await shared.open();
    const recipients = Array.from({ length: MESSAGES }, (_, i) => `stop-${i}@example.com`);
    await seeding.db.insert(emailOutbox).values(
      recipients.map((recipient, i) => ({
        recipient,
        template: 'backInStock',
        data: { productId: `p${i}`, title: `Canvas sneaker ${i}` },
      })),
    );
    await release(seeding);

    const port = freePort();
    const server = startServer({
      ...shared.env,
      ...slow.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    });
    await waitForReady(port);
    // The sender claimed the batch and the slow SMTP server is taking it one by one.
    await slow.waitFor(1, undefined, 20_000);
    const receivedAtStop = slow.received.length;
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
    expect(receivedAtStop, 'the stop must land mid-round').toBeLessThan(MESSAGES);

    // Another instance sends what is left: at once what the stopped one gave back, and what
    // it may have left claimed once its lease would be over.
    const database = await shared.open();
    const other = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        ...quick.env,
      }),
      database,
      sessionSecret: randomBytes(32).toString('hex'),
      webRoot: '/nonexistent',
    });
    await other.ready();
    let allArrivedAtOnce = false;
    try {
      await other.services.email.sendDue();
      // (Its own timer may be sending too: wait for either.)
      allArrivedAtOnce = await arrives(() => slow.received.length + quick.received.length);
      await other.services.email.sendDue(LEASE_OVER());
    } finally {
      await other.close();
    }

    const received = [...slow.received, ...quick.received];
    const copies = recipients.map((to) => received.filter((m) => m.to.includes(to)).length);
    expect(copies).toEqual(recipients.map(() => 1));
    const unsent = await database.db
      .select({ recipient: emailOutbox.recipient })
      .from(emailOutbox)
      .where(eq(emailOutbox.status, 'pending'));
    expect(unsent).toEqual([]);
    expect(allArrivedAtOnce, 'the rest of the batch was given back, not left leased').toBe(true);
    await release(database);
  } finally {
    await shared.drop();
    await slow.close();
    await quick.close();
  }
}, 90_000);
