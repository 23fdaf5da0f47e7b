import {
  cartItemBody,
  cartItemParams,
  cartItemQuery,
  cartResponse,
  cartUserParams,
} from '@contract/cart';
import { errorResponse } from '@contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUserOrGuest, shopperNamed } from '../../plugins/guests';

/**
 * The spec's cart routes. A signed-in shopper names itself; with GUEST_CHECKOUT a visitor
 * sends `userId: "guest"` and its cookie picks the cart (plugins/guests.ts).
 */
const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cart } = app.services;
  app.addHook('onRequest', requireUserOrGuest);
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
          'The line may not exceed the stock (409 OUT_OF_STOCK). variantId is required for a product with variants (400 naming the choices) and refused for one without. With GUEST_CHECKOUT a visitor sends userId "guest": its `guest` cookie (set here on first use) picks the cart.',
        body: cartItemBody,
        response: responses,
      },
    },
    async (request, reply) => {
      const { userId, productId, quantity, variantId } = request.body;
      const owner = shopperNamed(request, reply, userId)!;
      return {
        success: true as const,
        data: await cart.add(owner, productId, quantity, variantId),
      };
    },
  );

  app.get(
    '/get/:userId',
    {
      schema: { tags, security, summary: 'The cart', params: cartUserParams, response: responses },
    },
    async (request, reply) => {
      // A guest without a cookie has an empty cart, and gets no cookie for reading it.
      const owner = shopperNamed(request, reply, request.params.userId, { mint: false });
      return { success: true as const, data: owner ? await cart.get(owner) : emptyCart };
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
    async (request, reply) => {
      const { userId, productId, quantity, variantId } = request.body;
      const owner = shopperNamed(request, reply, userId)!;
      return {
        success: true as const,
        data: await cart.update(owner, productId, quantity, variantId),
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
    async (request, reply) => {
      const { userId, productId } = request.params;
      const owner = shopperNamed(request, reply, userId)!;
      const { variantId } = request.query;
      return { success: true as const, data: await cart.remove(owner, productId, variantId) };
    },
  );
};

const emptyCart = { _id: null, items: [] };

export default cartRoutes;
