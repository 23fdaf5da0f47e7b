import { buildApp } from './app';
import { bootstrap, type DemoAdmin } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { openDatabase, resolveSessionSecret } from './db/open';
import { gracefulShutdown } from './lib/graceful-shutdown';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  const app = await buildApp({
    config,
    database,
    sessionSecret: resolveSessionSecret(config),
    logger: { level: config.LOG_LEVEL },
    // A developer's console shows start-up and errors; production logs every request.
    requestLogLevel: config.isProduction ? 'info' : 'debug',
  });
  const lifecycle = gracefulShutdown(app);
  app.draining = () => lifecycle.isDraining;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, 25_000);
    timer.unref();
    // In dependency order: no new requests, in-flight requests and the jobs' rounds finish
    // (app.close runs every plugin's onClose), and only then the pool closes. Closing it in an
    // onClose hook would run first (hooks run last-registered-first), under a round in flight.
    await lifecycle.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  const { demoAdmin } = await bootstrap({
    config,
    database,
    services: app.services,
    log: app.log,
  });
  // The listing index first (a second or so for 10,000 products), so that once /readyz
  // answers, no shopper's listing waits behind its load; the products' answers after.
  await app.services.listing.prepare().catch((error: unknown) => {
    app.log.warn({ err: error }, 'loading the listing index failed; it loads on demand');
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  // Answers already work while this runs; awaited so that anything it logs comes before the
  // banner, which must stay the last thing printed.
  await app.services.listing.warm().catch((error: unknown) => {
    app.log.warn({ err: error }, 'warming the storefront caches failed; they fill on demand');
  });
  // Last on purpose: the one-time password must not scroll away under other start-up output.
  console.log(startupBanner(config.publicUrl, demoAdmin));
}

function startupBanner(url: string, demoAdmin?: DemoAdmin) {
  const lines = [`Shop running at ${url}`, `API docs at ${url}/api/docs`];
  if (demoAdmin) {
    lines.push(
      '',
      `Demo admin (sign in at ${url}/auth/login):`,
      `  email:    ${demoAdmin.email}`,
      `  password: ${demoAdmin.password}`,
      'Shown only now. Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.',
    );
  }
  const width = Math.max(...lines.map((l) => l.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return ['', rule, ...lines.map((l) => `| ${l.padEnd(width)} |`), rule, ''].join('\n');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Failed to start:', error);
  }
  process.exit(1);
});
