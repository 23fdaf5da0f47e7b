import Fastify from 'fastify';
import { simulatorRoutes } from './simulator.routes';
import { SimulatorState } from './simulator-state';

export type StartOptions = {
  port?: number;
  host?: string;
  credentials?: { clientId: string; clientSecret: string };
  tokenTtlSeconds?: number;
  /** Send webhooks to this URL, signed for this webhook id. */
  webhook?: { url: string; id: string; delayMs?: number };
};

/** The simulator on a port of its own (tests start one per file; port 0 picks a free one). */
export async function startPayPalSimulator(options: StartOptions = {}) {
  const host = options.host ?? '127.0.0.1';
  const state = new SimulatorState(
    options.credentials ?? { clientId: 'sandbox-client-id', clientSecret: 'sandbox-client-secret' },
    options.tokenTtlSeconds,
  );
  if (options.webhook) state.webhook = options.webhook;
  const app = Fastify({ logger: false, forceCloseConnections: true });
  let url = '';
  await app.register(simulatorRoutes, { state, baseUrl: () => url });
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  url = `http://${host}:${port}`;
  return { url, state, close: () => app.close() };
}

export type RunningSimulator = Awaited<ReturnType<typeof startPayPalSimulator>>;
