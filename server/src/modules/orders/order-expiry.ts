import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const EVERY_MS = 60_000;

/**
 * Expires pending orders nobody paid for (DESIGN §5) once a minute. Safe on any number of
 * instances: each release is a conditional update, so an order is released once.
 */
export default fp(
  async function orderExpiry(app: FastifyInstance) {
    let running = false;
    const run = async () => {
      if (running) return;
      running = true;
      try {
        const expired = await app.services.checkout.expireStale();
        if (expired > 0) app.log.info({ expired }, 'expired unpaid orders');
      } catch (error) {
        app.log.warn({ err: error }, 'order expiry failed; retrying next round');
      } finally {
        running = false;
      }
    };
    const timer = setInterval(() => void run(), EVERY_MS);
    // The job never keeps the process alive on its own.
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'order-expiry' },
);
