import { buildApp } from './app';
import { bootstrap } from './bootstrap';
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
  });
  app.addHook('onClose', async () => database.close());
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
    await lifecycle.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await bootstrap({ config, database, services: app.services, log: app.log });
  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(
    `\n  Shop running at ${config.publicUrl} (API docs at ${config.publicUrl}/api/docs)\n`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Failed to start:', error);
  }
  process.exit(1);
});
