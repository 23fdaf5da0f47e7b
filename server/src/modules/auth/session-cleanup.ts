import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startPeriodicJob } from '../../lib/periodic-job';

const EVERY_MS = 60 * 60 * 1000;

/**
 * Deletes expired sessions once an hour (logins only tidy the user's own). Safe on any number
 * of instances: deleting a row twice deletes it once.
 */
export default fp(
  async function sessionCleanup(app: FastifyInstance) {
    const job = startPeriodicJob({
      every: EVERY_MS,
      log: app.log,
      failure: 'session clean-up failed; retrying next round',
      round: async () => {
        const purged = await app.services.auth.purgeExpiredSessions();
        if (purged > 0) app.log.info({ purged }, 'deleted expired sessions');
      },
    });
    app.addHook('onClose', () => job.stop());
  },
  { name: 'session-cleanup' },
);
