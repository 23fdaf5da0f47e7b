import { dataResponse, errorResponse, idParams } from '@contract/common';
import {
  savedSizeBody,
  savedSizeParams,
  savedSizeSchema,
  sizeSuggestionSchema,
} from '@contract/size-charts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, requireUser } from '../../plugins/sessions';

/** `/api/shop/my-sizes`: the signed-in shopper's sizes per brand and category (issue 28). */
const mySizesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mySizes } = app.services;
  // onRequest: a signed-out caller gets 401 before its body is read.
  app.addHook('onRequest', requireUser);
  const tags = ['find my size'];
  const security = [{ session: [] }];
  const list = { 200: dataResponse(z.array(savedSizeSchema)), '4xx': errorResponse };

  app.get(
    '/',
    { schema: { tags, security, summary: 'The sizes I saved', response: list } },
    async (request) => ({
      success: true as const,
      data: await mySizes.list(currentUser(request).id),
    }),
  );

  app.put(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Save the size I wear in a brand and category ("M in Levi\'s men")',
        description: 'Saving again for the same brand and category replaces the size.',
        body: savedSizeBody,
        response: list,
      },
    },
    async (request) => ({
      success: true as const,
      data: await mySizes.save(currentUser(request).id, request.body),
    }),
  );

  app.delete(
    '/:brand/:category',
    {
      schema: {
        tags,
        security,
        summary: 'Forget the size saved for a brand and category',
        params: savedSizeParams,
        response: list,
      },
    },
    async (request) => {
      const { brand, category } = request.params;
      return {
        success: true as const,
        data: await mySizes.remove(currentUser(request).id, brand, category),
      };
    },
  );

  app.get(
    '/suggestion/:id',
    {
      schema: {
        tags,
        security,
        summary: 'The size to preselect on a product for me',
        description:
          "From the size saved for the product's brand and category, else the latest one bought and kept there, one up when buyers say it runs small and one down when it runs large; null when none applies.",
        params: idParams,
        response: { 200: dataResponse(sizeSuggestionSchema.nullable()), '4xx': errorResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await mySizes.suggest(currentUser(request).id, request.params.id),
    }),
  );
};

export default mySizesRoutes;
