import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cartItemBody,
  cartItemParams,
  cartItemQuery,
  cartResponse,
  cartUserParams,
} from '../../../../contract/cart';
import { errorResponse } from '../../../../contract/common';
import { assertSelf, requireUser } from '../../plugins/sessions';

const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cart } = app.services;
  app.addHook('onRequest', requireUser);
  const responses = { 200: cartResponse, '4xx': errorResponse };
  const tags = ['cart'];
  const security = [{ session: [] }];

  app.post(
    '/add',
    {
      schema: {
        tags,
        security,
        summary: 'Add a quantity of a product (and size/colour) to the cart',
        description:
          'The line may not exceed the stock (409 OUT_OF_STOCK). variantId is required for a product with variants (400 naming the choices) and refused for one without.',
        body: cartItemBody,
        response: responses,
      },
    },
    async (request) => {
      const { userId, productId, quantity, variantId } = request.body;
      assertSelf(request, userId);
      return {
        success: true as const,
        data: await cart.add(userId, productId, quantity, variantId),
      };
    },
  );

  app.get(
    '/get/:userId',
    {
      schema: { tags, security, summary: 'The cart', params: cartUserParams, response: responses },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      return { success: true as const, data: await cart.get(request.params.userId) };
    },
  );

  app.put(
    '/update-cart',
    {
      schema: {
        tags,
        security,
        summary: "Set a line's quantity",
        description:
          'variantId names the size/colour line; it may be left out when the cart holds one line of the product.',
        body: cartItemBody,
        response: responses,
      },
    },
    async (request) => {
      const { userId, productId, quantity, variantId } = request.body;
      assertSelf(request, userId);
      return {
        success: true as const,
        data: await cart.update(userId, productId, quantity, variantId),
      };
    },
  );

  app.delete(
    '/:userId/:productId',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a line',
        description: '?variantId= names the size/colour line when the cart holds several.',
        params: cartItemParams,
        querystring: cartItemQuery,
        response: responses,
      },
    },
    async (request) => {
      const { userId, productId } = request.params;
      assertSelf(request, userId);
      const { variantId } = request.query;
      return { success: true as const, data: await cart.remove(userId, productId, variantId) };
    },
  );
};

export default cartRoutes;
