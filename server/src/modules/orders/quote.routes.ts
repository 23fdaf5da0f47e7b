import { errorResponse } from '@contract/common';
import { quoteBody, quoteResponse } from '@contract/pricing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentShopper, requireUserOrGuest, shopperNamed } from '../../plugins/guests';

/** POST /api/shop/checkout/quote: what the cart costs, delivered there, with that code. */
const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { quotes } = app.services;
  app.addHook('onRequest', requireUserOrGuest);

  app.post(
    '/quote',
    {
      schema: {
        tags: ['orders'],
        security: [{ session: [] }],
        summary: 'Price the cart: lines, subtotal, discount, shipping, tax and total',
        description:
          'The figures the checkout shows and PayPal charges. The address is a saved addressId, or { country, region }; without either, the shop’s country. Without shippingMethodId the cheapest method is priced in. With GUEST_CHECKOUT a visitor’s cart (userId "guest", or none) is priced; its email, when sent, decides per-customer code limits.',
        body: quoteBody,
        response: { 200: quoteResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const shopper = request.body.userId
        ? shopperNamed(request, reply, request.body.userId)!
        : currentShopper(request, reply);
      return { success: true as const, data: await quotes.forShopper(shopper, request.body) };
    },
  );
};

export default quoteRoutes;
