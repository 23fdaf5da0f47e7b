import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productSchema } from '../../../../contract/catalog';
import { dataResponse, errorResponse, idParams } from '../../../../contract/common';
import { listingQuery, listingResponse } from '../../../../contract/listing';
import { sendCachedJson } from '../../lib/cached-json';

const productResponse = dataResponse(productSchema);

/** The public catalogue of the storefront: `/api/shop/products`. */
const shopProductsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { listing, catalog, storefrontCache: cache } = app.services;

  app.get(
    '/get',
    {
      schema: {
        tags: ['shop'],
        summary: 'A filtered, sorted page of products',
        description:
          'category and brand take comma-separated lists; price sorts use the price paid (sale price when above 0); ties break by id so pages are stable.',
        querystring: listingQuery,
        response: { 200: listingResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const { query } = request;
      return sendCachedJson(
        reply,
        cache,
        `list:${JSON.stringify(query)}`,
        listingResponse,
        async () => ({
          success: true as const,
          ...(await listing.list(query)),
        }),
      );
    },
  );

  app.get(
    '/get/:id',
    {
      schema: {
        tags: ['shop'],
        summary: 'One product',
        params: idParams,
        response: { 200: productResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      return sendCachedJson(reply, cache, `product:${id}`, productResponse, async () => ({
        success: true as const,
        data: await catalog.getProduct(id),
      }));
    },
  );
};

export default shopProductsRoutes;
