import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startPeriodicJob } from '../../lib/periodic-job';
import { GUEST_TTL_MS } from '../../plugins/guests';

const EVERY_MS = 60 * 60 * 1000;

/**
 * Deletes guest carts (GUEST_CHECKOUT) not written to for the guest cookie's lifetime, once an
 * hour: by then no browser can name them. Runs with the option off too, so carts left from
 * when it was on go as well. Safe on any number of instances.
 */
export default fp(
  async function guestCartCleanup(app: FastifyInstance) {
    const job = startPeriodicJob({
      every: EVERY_MS,
      log: app.log,
      failure: 'guest cart clean-up failed; retrying next round',
      round: async () => {
        const cutoff = new Date(Date.now() - GUEST_TTL_MS);
        const purged = await app.services.cart.purgeStaleGuestCarts(cutoff);
        if (purged > 0) app.log.info({ purged }, 'deleted expired guest carts');
      },
    });
    app.addHook('onClose', () => job.stop());
  },
  { name: 'guest-cart-cleanup' },
);
