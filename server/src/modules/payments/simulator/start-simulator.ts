import Fastify from 'fastify';
import { simulatorRoutes } from './simulator.routes';
import { type SimOrder, SimulatorState } from './simulator-state';
import { MemorySimulatorStore } from './simulator-store';

export type StartOptions = {
  port?: number;
  host?: string;
  credentials?: { clientId: string; clientSecret: string };
  tokenTtlSeconds?: number;
  /** Send webhooks to this URL, signed for this webhook id. */
  webhook?: { url: string; id: string; delayMs?: number };
};

/** A simulator on its own keeps its payments in memory; tests read its orders directly. */
export class StandaloneState extends SimulatorState {
  readonly orders: ReadonlyMap<string, SimOrder>;

  constructor(
    credentials: { clientId: string; clientSecret: string },
    tokenTtlSeconds?: number,
    memory = new MemorySimulatorStore(),
  ) {
    super(credentials, memory, tokenTtlSeconds);
    this.orders = memory.orders;
  }
}

/** The simulator on a port of its own (tests start one per file; port 0 picks a free one). */
export async function startPayPalSimulator(options: StartOptions = {}) {
  const host = options.host ?? '127.0.0.1';
  const state = new StandaloneState(
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
