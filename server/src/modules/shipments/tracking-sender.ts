import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startPeriodicJob } from '../../lib/periodic-job';

const EVERY_MS = 5 * 60_000;

/**
 * Every five minutes, sends PayPal the tracking of parcels it has not confirmed (PayPal was
 * down when they shipped). Safe on any number of instances: the PayPal-Request-Id makes a
 * repeat a replay.
 */
export default fp(
  async function trackingSender(app: FastifyInstance) {
    if (!app.services.shipments.tracking.isEnabled) return;
    const job = startPeriodicJob({
      every: EVERY_MS,
      log: app.log,
      failure: 'sending parcel tracking to PayPal failed; retrying next round',
      round: async () => {
        const sent = await app.services.shipments.tracking.retry();
        if (sent > 0) app.log.info({ sent }, 'sent parcel tracking to PayPal');
      },
    });
    app.addHook('onClose', () => job.stop());
  },
  { name: 'tracking-sender' },
);
