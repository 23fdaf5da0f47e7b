import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const EVERY_MS = 5 * 60_000;

/**
 * Every five minutes, asks PayPal again about refunds left pending. Safe on any number of
 * instances: PayPal-Request-Id makes a repeat a replay, and only one run completes the row.
 */
export default fp(
  async function refundSettler(app: FastifyInstance) {
    let running = false;
    const run = async () => {
      if (running) return;
      running = true;
      try {
        const settled = await app.services.refunds.settlePending();
        if (settled > 0) app.log.info({ settled }, 'settled pending refunds');
      } catch (error) {
        app.log.warn({ err: error }, 'refund settling failed; retrying next round');
      } finally {
        running = false;
      }
    };
    const timer = setInterval(() => void run(), EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'refund-settler' },
);
