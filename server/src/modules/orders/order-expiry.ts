import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startPeriodicJob } from '../../lib/periodic-job';

const EVERY_MS = 60_000;

/**
 * Once a minute: asks PayPal about pending orders older than a few minutes and captures the
 * approved ones (a shopper who approved and never came back still gets the order), then
 * expires pending orders nobody paid for (DESIGN §5), after asking PayPal too, then asks about
 * captures PayPal held (pending_capture; never expired). Safe on any number of instances:
 * every change is a conditional update, so an order settles once.
 */
export default fp(
  async function orderExpiry(app: FastifyInstance) {
    const job = startPeriodicJob({
      every: EVERY_MS,
      log: app.log,
      failure: 'order status round failed; retrying next round',
      round: async (signal) => {
        const paid = await app.services.checkout.checkPending();
        if (paid > 0) app.log.info({ paid }, 'captured approved orders nobody returned for');
        if (signal.aborted) return;
        const expired = await app.services.checkout.expireStale();
        if (expired > 0) app.log.info({ expired }, 'expired unpaid orders');
        if (signal.aborted) return;
        const held = await app.services.checkout.checkPendingCaptures();
        if (held > 0) app.log.info({ settled: held }, 'settled captures PayPal had held');
      },
    });
    // A round in progress finishes before the database closes (main.ts closes it last).
    app.addHook('onClose', () => job.stop());
  },
  { name: 'order-expiry' },
);
