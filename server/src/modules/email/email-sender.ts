import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const EVERY_MS = 2_000;
const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Sends the outbox every two seconds. Safe on any number of instances: each message is claimed
 * by one sender (FOR UPDATE SKIP LOCKED and a lease), so it goes out once.
 */
export default fp(
  async function emailSender(app: FastifyInstance) {
    const { email } = app.services;
    let running: Promise<void> | undefined;
    const run = async () => {
      if (running) return;
      running = sendRound();
      await running;
      running = undefined;
    };
    const sendRound = async () => {
      try {
        const { sent, failed } = await email.sendDue();
        for (const m of sent) {
          // Without SMTP the subject is logged, so a developer sees mail go out.
          if (m.file) app.log.info({ subject: m.subject, file: m.file }, 'mail written to outbox');
          else app.log.info({ subject: m.subject }, 'mail sent');
        }
        if (failed > 0) app.log.warn({ failed }, 'mail not sent; will retry');
      } catch (error) {
        app.log.warn({ err: error }, 'mail sending failed; retrying next round');
      }
    };
    const timer = setInterval(() => void run(), EVERY_MS);
    timer.unref();
    const purge = setInterval(() => {
      email.purgeSent().catch((error: unknown) => {
        app.log.warn({ err: error }, 'outbox clean-up failed; retrying next hour');
      });
    }, PURGE_EVERY_MS);
    purge.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      clearInterval(purge);
      // A round in flight finishes before the database closes under it.
      await running;
      email.close();
    });
  },
  { name: 'email-sender' },
);
