import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startPeriodicJob } from '../../lib/periodic-job';

const EVERY_MS = 5 * 60_000;

/**
 * Every five minutes, asks PayPal again about refunds left pending. Safe on any number of
 * instances: PayPal-Request-Id makes a repeat a replay, and only one run completes the row.
 */
export default fp(
  async function refundSettler(app: FastifyInstance) {
    const job = startPeriodicJob({
      every: EVERY_MS,
      log: app.log,
      failure: 'refund settling failed; retrying next round',
      round: async () => {
        const settled = await app.services.refunds.settlePending();
        if (settled > 0) app.log.info({ settled }, 'settled pending refunds');
      },
    });
    app.addHook('onClose', () => job.stop());
  },
  { name: 'refund-settler' },
);
