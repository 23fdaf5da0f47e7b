import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const EVERY_MS = 60 * 60 * 1000;

/**
 * Deletes expired sessions once an hour (logins only tidy the user's own). Safe on any number
 * of instances: deleting a row twice deletes it once.
 */
export default fp(
  async function sessionCleanup(app: FastifyInstance) {
    const run = async () => {
      try {
        const purged = await app.services.auth.purgeExpiredSessions();
        if (purged > 0) app.log.info({ purged }, 'deleted expired sessions');
      } catch (error) {
        app.log.warn({ err: error }, 'session clean-up failed; retrying next round');
      }
    };
    const timer = setInterval(() => void run(), EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'session-cleanup' },
);
