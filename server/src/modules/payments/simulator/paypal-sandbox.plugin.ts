import type { FastifyInstance } from 'fastify';
import { simulatorRoutes } from './simulator.routes';
import { SimulatorState } from './simulator-state';

export const SANDBOX_PREFIX = '/paypal-sandbox';

/** Mounts the PayPal sandbox simulator at /paypal-sandbox when the config asks for it. */
export default async function paypalSandbox(app: FastifyInstance) {
  const { paypal, publicUrl } = app.config;
  if (!paypal.simulator) return;
  const state = new SimulatorState({
    clientId: paypal.clientId,
    clientSecret: paypal.clientSecret,
  });
  await app.register(simulatorRoutes, {
    prefix: SANDBOX_PREFIX,
    state,
    baseUrl: () => `${publicUrl}${SANDBOX_PREFIX}`,
  });
}
