import net from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

const POLL_MS = 100;
const QUIET_POLLS = 3;
const arrivedDraining = Symbol('arrivedDraining');

/** onRequest hook (registered first in app.ts): refuses what arrived after the shutdown began. */
export async function refuseArrivalsWhileDraining(request: FastifyRequest, reply: FastifyReply) {
  if ((request.raw as unknown as Record<symbol, boolean>)[arrivedDraining]) {
    reply.header('Retry-After', '1');
    throw new AppError('UNAVAILABLE', 'The shop is restarting; please try again in a moment');
  }
}

/**
 * Shuts the server down without resetting a request. Two traps: closing the listening socket
 * resets connections still in the kernel's accept backlog, and Node's `server.close()` closes
 * idle keep-alive sockets at once, including one whose request bytes are not read yet (the
 * event loop was busy, e.g. with PGlite). So on SIGTERM:
 *   1. readiness fails; requests in flight finish; a request arriving from now on is answered
 *      503 with Retry-After (a clean "try another instance", nothing done), and every answer
 *      carries `Connection: close`, so keep-alive sockets end;
 *   2. once nothing has been in flight (requests, and the app's background work such as the
 *      simulator's webhooks) and no connection has opened for a few polls, the listening socket
 *      closes (the backlog is empty), then idle sockets, then the app.
 * The built-in PayPal simulator is called in-process (app.inject), never refused here.
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
