import { errorResponse } from '@contract/common';
import { infoPageResponse } from '@contract/info-pages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The footer's information pages, mounted at /api/pages: public, like the shop's catalogue. */
const pagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:slug',
    {
      schema: {
        tags: ['pages'],
        summary: 'An information page (shipping, returns, privacy, terms, contact) as HTML',
        params: z.object({ slug: z.string().max(50) }),
        response: { 200: infoPageResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const page = await app.services.pages.get(request.params.slug);
      // Operators may edit the files at any time: browsers check back after a minute.
      reply.header('Cache-Control', 'public, max-age=60');
      return { success: true as const, data: page };
    },
  );
};

export default pagesRoutes;
