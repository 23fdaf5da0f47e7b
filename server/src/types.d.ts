import type { SessionUser } from '@contract/auth';
import type { Config } from './config';
import type { Database } from './db/client';
import type { BackgroundWork } from './lib/background-work';
import type { Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    services: Services;
    /** True once a shutdown started: readiness then fails so load balancers stop sending. */
    draining: () => boolean;
    /** Work started without a request to answer; a shutdown waits for it (background-work.ts). */
    background: BackgroundWork;
  }
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie; null when signed out. */
    user: SessionUser | null;
  }
}
