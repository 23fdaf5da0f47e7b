import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { productSchema } from '../../../../contract/catalog';
import { dataResponse, errorResponse, idParams } from '../../../../contract/common';
import { listingQuery, listingResponse } from '../../../../contract/listing';

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
    async (request) => {
      const { query } = request;
      const page = await cache.get(`list:${JSON.stringify(query)}`, () => listing.list(query));
      return { success: true as const, ...page };
    },
  );

  app.get(
    '/get/:id',
    {
      schema: {
        tags: ['shop'],
        summary: 'One product',
        params: idParams,
        response: { 200: dataResponse(productSchema), '4xx': errorResponse },
      },
    },
    async (request) => {
      const { id } = request.params;
      const product = await cache.get(`product:${id}`, () => catalog.getProduct(id));
      return { success: true as const, data: product };
    },
  );
};

export default shopProductsRoutes;
