import { errorResponse } from '@contract/common';
import { wishlistBody, wishlistParams, wishlistResponse } from '@contract/wishlist';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../plugins/sessions';

/** The signed-in shopper's saved items; the user is always the session's, never the body's. */
const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { wishlist } = app.services;
  app.addHook('onRequest', requireUser);
  const tags = ['wishlist'];
  const security = [{ session: [] }];
  const response = { 200: wishlistResponse, '4xx': errorResponse };

  app.get(
    '/',
    { schema: { tags, security, summary: 'Saved items', response } },
    async (request) => {
      return { success: true as const, data: await wishlist.list(currentUser(request).id) };
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Save a product for later',
        description: 'Saving again changes nothing; at most 200 items (409 past that).',
        body: wishlistBody,
        response,
      },
    },
    async (request) => ({
      success: true as const,
      data: await wishlist.add(currentUser(request).id, request.body.productId),
    }),
  );

  app.delete(
    '/:productId',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a saved product',
        params: wishlistParams,
        response,
      },
    },
    async (request) => ({
      success: true as const,
      data: await wishlist.remove(currentUser(request).id, request.params.productId),
    }),
  );
};

export default wishlistRoutes;
