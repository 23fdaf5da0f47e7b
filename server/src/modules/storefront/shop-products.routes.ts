import { productDetailSchema } from '@contract/catalog';
import { dataResponse, errorResponse, idParams, isId } from '@contract/common';
import { type ListingQuery, listingQuery, listingResponse } from '@contract/listing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/app-error';
import { jsonBytes, sendAnswerForms, sendJson } from '../../lib/cached-json';
import { listingValidator, readListingQuery } from './listing-query';

const productResponse = dataResponse(productDetailSchema);

/** The public catalogue of the storefront: `/api/shop/products`. */
const shopProductsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { listing, productJson, storefrontCache: cache } = app.services;
  // A listing the cache keeps is bytes, sent as they are on every hit; one it does not keep (most
  // random filters are read once) stays a string, written from memory freed once it is sent: as
  // a Buffer, 100 shoppers' one-off listings held ~10 MB until the collector came by.
  const listingAnswer = (query: ListingQuery) =>
    cache.get(`list:${JSON.stringify(query)}`, async (kept) => {
      const json = await listing.listJson(query);
      return kept ? jsonBytes(json) : json;
    });
  /** A product's cached answer (product-json-cache.ts), kept once for its page and every listing. */
  const productAnswer = (id: string) => (isId(id) ? productJson.answer(id) : undefined);

  app.get(
    '/get',
    {
      schema: {
        tags: ['shop'],
        summary: 'A filtered, sorted page of products',
        description:
          'category and brand take comma-separated lists; price sorts use the price paid (sale price when above 0); offer=sale keeps the reductions that may be announced (a sale price below its prior price, docs/pricing.md); ties break by id so pages are stable.',
        querystring: listingQuery,
        response: { 200: listingResponse, '4xx': errorResponse },
      },
      // The storefront's plain query strings are read without zod; the rest meet the schema.
      validatorCompiler: listingValidator,
      config: {
        pageRead: ({ query }) => {
          const plain = readListingQuery(query);
          return plain && listingAnswer(plain);
        },
      },
    },
    async (request, reply) => sendJson(reply, await listingAnswer(request.query)),
  );

  app.get(
    '/get/:id',
    {
      schema: {
        tags: ['shop'],
        summary: 'One product, with its size chart',
        params: idParams,
        response: { 200: productResponse, '4xx': errorResponse },
      },
      config: { pageRead: ({ params }) => productAnswer(params.id ?? '') },
    },
    async (request, reply) => {
      const { id } = request.params;
      const forms = isId(id) ? await productJson.forms(id) : undefined;
      if (forms === undefined) throw notFound('Product');
      return sendAnswerForms(reply, forms);
    },
  );
};

export default shopProductsRoutes;
