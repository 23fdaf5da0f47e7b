import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const EVERY_MS = 60_000;

/**
 * Once a minute: asks PayPal about pending orders older than a few minutes and captures the
 * approved ones (a shopper who approved and never came back still gets the order), then
 * expires pending orders nobody paid for (DESIGN §5), after asking PayPal too. Safe on any
 * number of instances: every change is a conditional update, so an order settles once.
 */
export default fp(
  async function orderExpiry(app: FastifyInstance) {
    let running: Promise<void> | undefined;
    const round = async () => {
      try {
        const paid = await app.services.checkout.checkPending();
        if (paid > 0) app.log.info({ paid }, 'captured approved orders nobody returned for');
        const expired = await app.services.checkout.expireStale();
        if (expired > 0) app.log.info({ expired }, 'expired unpaid orders');
      } catch (error) {
        app.log.warn({ err: error }, 'order status round failed; retrying next round');
      } finally {
        running = undefined;
      }
    };
    const timer = setInterval(() => {
      running ??= round();
    }, EVERY_MS);
    // The job never keeps the process alive on its own.
    timer.unref();
    // A round in progress finishes before the database closes.
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'order-expiry' },
);
