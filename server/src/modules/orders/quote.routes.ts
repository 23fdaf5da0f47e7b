import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../../contract/common';
import { quoteBody, quoteResponse } from '../../../../contract/pricing';
import { assertSelf, currentUser, requireUser } from '../../plugins/sessions';

/** POST /api/shop/checkout/quote: what the cart costs, delivered there, with that code. */
const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { quotes } = app.services;
  app.addHook('onRequest', requireUser);

  app.post(
    '/quote',
    {
      schema: {
        tags: ['orders'],
        security: [{ session: [] }],
        summary: 'Price the cart: lines, subtotal, discount, shipping, tax and total',
        description:
          'The figures the checkout shows and PayPal charges. The address is a saved addressId, or { country, region }; without either, the shop’s country. Without shippingMethodId the cheapest method is priced in.',
        body: quoteBody,
        response: { 200: quoteResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const userId = request.body.userId
        ? assertSelf(request, request.body.userId).id
        : currentUser(request).id;
      return { success: true as const, data: await quotes.forShopper(userId, request.body) };
    },
  );
};

export default quoteRoutes;
