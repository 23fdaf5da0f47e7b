import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const status = z.object({ status: z.string() });

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { schema: { tags: ['operations'], summary: 'Liveness', response: { 200: status } } },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['operations'],
        summary: 'Readiness: the database answers',
        response: { 200: status, 503: status },
      },
    },
    async (request, reply) => {
      if (app.draining()) return reply.status(503).send({ status: 'shutting down' });
      try {
        await app.database.ping();
        return { status: 'ready' };
      } catch (error) {
        request.log.warn({ err: error }, 'database not ready');
        return reply.status(503).send({ status: 'database unavailable' });
      }
    },
  );
};

export default healthRoutes;
