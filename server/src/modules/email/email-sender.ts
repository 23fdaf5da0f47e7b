import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startPeriodicJob } from '../../lib/periodic-job';

const EVERY_MS = 2_000;
const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Sends the outbox every two seconds. Safe on any number of instances: each message is claimed
 * by one sender (FOR UPDATE SKIP LOCKED and a lease), so it goes out once.
 */
export default fp(
  async function emailSender(app: FastifyInstance) {
    const { email } = app.services;
    const sending = startPeriodicJob({
      every: EVERY_MS,
      log: app.log,
      failure: 'mail sending failed; retrying next round',
      round: async (signal) => {
        const { sent, failed } = await email.sendDue(new Date(), signal);
        for (const m of sent) {
          // Without SMTP the subject is logged, so a developer sees mail go out.
          if (m.file) app.log.info({ subject: m.subject, file: m.file }, 'mail written to outbox');
          else app.log.info({ subject: m.subject }, 'mail sent');
        }
        if (failed > 0) app.log.warn({ failed }, 'mail not sent; will retry');
      },
    });
    const purging = startPeriodicJob({
      every: PURGE_EVERY_MS,
      log: app.log,
      failure: 'outbox clean-up failed; retrying next hour',
      round: async () => {
        await email.purgeSent();
      },
    });
    app.addHook('onClose', async () => {
      // The message being sent is recorded before the database closes (main.ts closes it
      // last); otherwise its lease runs out and another instance sends it a second time.
      await Promise.all([sending.stop(), purging.stop()]);
      email.close();
    });
  },
  { name: 'email-sender' },
);
