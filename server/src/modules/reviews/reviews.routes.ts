import { dataResponse, errorResponse } from '@contract/common';
import { addReviewBody, reviewParams, reviewSchema } from '@contract/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cachedJson, sendJson } from '../../lib/cached-json';
import { currentUser, requireUser } from '../../plugins/sessions';
import { productKey } from '../storefront';

/** `/api/shop/review`: reading a product's reviews is public, writing one needs a buyer. */
const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reviews, storefrontCache: cache } = app.services;
  const listResponse = dataResponse(reviewSchema.array());
  // Every product page asks for them: from memory until the product changes (a review
  // recomputes its average, which every instance hears of).
  const answer = (productId: string) =>
    cachedJson(
      cache,
      productKey(productId, 'reviews'),
      listResponse,
      async () => ({ success: true as const, data: await reviews.listForProduct(productId) }),
      app.config.publicUrl,
    );

  app.post(
    '/add',
    {
      onRequest: requireUser,
      schema: {
        tags: ['shop'],
        summary: 'Review a product you bought',
        description:
          'The author is the signed-in user. Only a shopper who kept a delivered unit of the product (not returned, withdrawn, cancelled or refunded in full) may review it, once; a refusal (403 NOT_PURCHASED) names the reason. The product average is updated in the same transaction.',
        body: addReviewBody,
        response: { 201: dataResponse(reviewSchema), '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const review = await reviews.add(currentUser(request), request.body);
      return reply.status(201).send({ success: true, data: review });
    },
  );

  app.get(
    '/:productId',
    {
      schema: {
        tags: ['shop'],
        summary: "A product's reviews, newest first",
        params: reviewParams,
        response: { 200: listResponse, '4xx': errorResponse },
      },
      config: {
        pageRead: ({ params }) => {
          const parsed = reviewParams.safeParse(params);
          return parsed.success ? answer(parsed.data.productId) : undefined;
        },
      },
    },
    async (request, reply) => sendJson(reply, await answer(request.params.productId)),
  );
};

export default reviewsRoutes;
