import { errorResponse } from '@contract/common';
import { searchParams, searchQuery, searchResponse } from '@contract/listing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jsonBytes, sendJson } from '../../lib/cached-json';

/** `GET /api/shop/search/{keyword}`: public, paginated, ranked by relevance. */
const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { search, storefrontCache: cache } = app.services;
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
    },
    async (request, reply) => {
      const { params, query } = request;
      const key = `search:${JSON.stringify([params.keyword, query])}`;
      const json = await cache.get(key, async () =>
        jsonBytes(await search.searchJson(params.keyword, query)),
      );
      return sendJson(reply, json);
    },
  );
};

export default searchRoutes;
