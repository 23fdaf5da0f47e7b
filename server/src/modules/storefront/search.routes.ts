import { errorResponse } from '@contract/common';
import { searchParams, searchQuery, searchResponse } from '@contract/listing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { jsonBytes, sendJson } from '../../lib/cached-json';

/** `GET /api/shop/search/{keyword}`: public, paginated, ranked by relevance. */
const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { search, storefrontCache: cache } = app.services;
  const answer = (keyword: string, query: z.output<typeof searchQuery>) =>
    cache.get(`search:${JSON.stringify([keyword, query])}`, async () =>
      jsonBytes(await search.searchJson(keyword, query)),
    );
  app.get(
    '/:keyword',
    {
      schema: {
        tags: ['shop'],
        summary: 'Search products by keyword',
        description:
          'Full-text search over title, description, category and brand, tolerant of one typo; every character of the keyword is plain text.',
        params: searchParams,
        querystring: searchQuery,
        response: { 200: searchResponse, '4xx': errorResponse },
      },
      config: {
        pageRead: (input) => {
          const params = searchParams.safeParse(input.params);
          const query = searchQuery.safeParse(input.query);
          return params.success && query.success
            ? answer(params.data.keyword, query.data)
            : undefined;
        },
      },
    },
    async (request, reply) => sendJson(reply, await answer(request.params.keyword, request.query)),
  );
};

export default searchRoutes;
