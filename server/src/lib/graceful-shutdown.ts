import net from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

const POLL_MS = 100;
const QUIET_POLLS = 3;
const arrivedDraining = Symbol('arrivedDraining');

/** Registered first in app.ts: a 503 with Retry-After is a clean "try another instance". */
export async function refuseArrivalsWhileDraining(request: FastifyRequest, reply: FastifyReply) {
  if ((request.raw as unknown as Record<symbol, boolean>)[arrivedDraining]) {
    reply.header('Retry-After', '1');
    throw new AppError('UNAVAILABLE', 'The shop is restarting; please try again in a moment');
  }
}

/**
 * Closing the listener resets connections in the accept backlog, and `server.close()` resets
 * idle keep-alive sockets whose request is not read yet: so answer `Connection: close` and 503,
 * and close only after a few quiet polls with nothing in flight and no new connection.
 */
export function gracefulShutdown(app: FastifyInstance) {
  let inFlight = 0;
  let connections = 0;
  let draining = false;
  app.server.on('connection', () => {
    connections += 1;
  });
  // Before Fastify's own listener, so the mark is there when its hooks run.
  app.server.prependListener('request', (req, res) => {
    inFlight += 1;
    if (draining) {
      (req as unknown as Record<symbol, boolean>)[arrivedDraining] = true;
      res.setHeader('Connection', 'close');
    }
    res.once('close', () => {
      inFlight -= 1;
    });
  });

  return {
    get isDraining() {
      return draining;
    },
    async close() {
      draining = true;
      let quiet = 0;
      while (quiet < QUIET_POLLS) {
        const seen = connections;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        const idle = inFlight === 0 && app.background.size === 0;
        quiet = idle && connections === seen ? quiet + 1 : 0;
      }
      net.Server.prototype.close.call(app.server);
      app.server.closeIdleConnections();
      await app.close();
    },
  };
}
