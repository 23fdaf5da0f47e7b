import type { FastifyInstance } from 'fastify';
import { startPeriodicJob } from '../../../lib/periodic-job';
import { DbSimulatorStore, KEEP_DAYS } from './simulator.repository';
import { simulatorRoutes } from './simulator.routes';
import { SimulatorState } from './simulator-state';

export const SANDBOX_PREFIX = '/paypal-sandbox';
export const WEBHOOK_PATH = '/api/payments/paypal/webhook';
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Mounts the PayPal sandbox simulator at /paypal-sandbox when the config asks for it. The
 * shop's own calls to it, and its webhooks to the shop, go through app.inject: the same
 * routes, hooks and bodies as over HTTP, but no socket, so they work whatever PUBLIC_URL is
 * and keep working while a shutdown has stopped accepting connections. Its payments live in the
 * shop's database, so any instance serves any of them and a restart keeps them; once an hour
 * it deletes what is older than KEEP_DAYS and can no longer be used.
 */
export default async function paypalSandbox(app: FastifyInstance) {
  const { paypal, publicUrl } = app.config;
  if (!paypal.simulator) return;
  const base = `${publicUrl}${SANDBOX_PREFIX}`;
  const store = new DbSimulatorStore(app.database.db);
  const state = new SimulatorState(
    { clientId: paypal.clientId, clientSecret: paypal.clientSecret },
    store,
  );
  const pruning = startPeriodicJob({
    every: PRUNE_EVERY_MS,
    log: app.log,
    failure: 'PayPal simulator clean-up failed; retrying next hour',
    round: () => store.prune(new Date(Date.now() - KEEP_DAYS * DAY_MS)),
  });
  app.addHook('onClose', () => pruning.stop());
  await app.register(simulatorRoutes, { prefix: SANDBOX_PREFIX, state, baseUrl: () => base });
  if (paypal.apiBase !== base) return;

  app.services.payments.client.setTransport((input, init) => injectFetch(app, input, init));
  if (paypal.webhookId) {
    state.webhook = {
      url: `${publicUrl}${WEBHOOK_PATH}`,
      id: paypal.webhookId,
      // PayPal sends webhooks a little after the event, not with the redirect.
      delayMs: 500,
      // Its handling reaches the database: a shutdown waits for it before the pool closes.
      track: (sending) => app.background.track(sending),
      deliver: async ({ body, headers }) => {
        await app.inject({ method: 'POST', url: WEBHOOK_PATH, headers, payload: body });
      },
    };
  }
}

/** fetch() over app.inject, for requests to the built-in simulator. */
async function injectFetch(
  app: FastifyInstance,
  input: string | URL | Request,
  init: RequestInit = {},
): Promise<Response> {
  const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
  const signal = init.signal;
  const pending = app.inject({
    method: (init.method ?? 'GET') as 'GET' | 'POST',
    url: `${url.pathname}${url.search}`,
    headers: Object.fromEntries(new Headers(init.headers).entries()),
    ...(typeof init.body === 'string' ? { payload: init.body } : {}),
  });
  const res = await (signal
    ? Promise.race([
        pending,
        new Promise<never>((_resolve, reject) => {
          if (signal.aborted) reject(signal.reason);
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
        }),
      ])
    : pending);
  const headers = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (value !== undefined)
      headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
    status: res.statusCode,
    headers,
  });
}
