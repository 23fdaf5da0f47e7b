import { bannerTextInput, featureImageSchema, featureInput } from '@contract/catalog';
import { dataResponse, errorResponse, idParams } from '@contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cachedJson, sendJson } from '../../lib/cached-json';
import { requirePermission } from '../../plugins/sessions';
import { BANNERS_KEY } from '../storefront';

const bannersResponse = dataResponse(z.array(featureImageSchema));

/** Home banners, mounted at /api/common/feature: reading is public, changes are admin only. */
const featuresRoutes: FastifyPluginAsyncZod = async (app) => {
  const { features } = app.services;
  const tags = ['feature images'];
  const banners = () =>
    cachedJson(
      app.services.storefrontCache,
      BANNERS_KEY,
      bannersResponse,
      async () => ({ success: true as const, data: await features.list() }),
      app.config.publicUrl,
    );

  app.get(
    '/get',
    {
      schema: {
        tags,
        summary: 'The home-page banners, in display order',
        response: { 200: bannersResponse },
      },
      config: { pageRead: () => banners() },
    },
    async (_request, reply) => sendJson(reply, await banners()),
  );

  app.post(
    '/add',
    {
      onRequest: requirePermission('content'),
      schema: {
        tags,
        summary:
          'Add a banner (image must be a URL returned by upload-image), with optional title, text, button label and link',
        body: featureInput,
        response: {
          201: dataResponse(featureImageSchema).extend({ message: z.string() }),
          '4xx': errorResponse,
        },
      },
    },
    async (request, reply) => {
      const data = await features.add(request.body);
      return reply.status(201).send({ success: true, message: 'Feature image added', data });
    },
  );

  app.put(
    '/edit/:id',
    {
      onRequest: requirePermission('content'),
      schema: {
        tags,
        summary: "Replace a banner's title, text, button label and link (absent or empty: none)",
        params: idParams,
        body: bannerTextInput,
        response: {
          200: dataResponse(featureImageSchema).extend({ message: z.string() }),
          '4xx': errorResponse,
        },
      },
    },
    async (request) => {
      const data = await features.editText(request.params.id, request.body);
      return { success: true as const, message: 'Feature image updated', data };
    },
  );

  app.delete(
    '/delete/:id',
    {
      onRequest: requirePermission('content'),
      schema: {
        tags,
        summary: 'Remove a banner',
        params: idParams,
        response: {
          200: z.object({ success: z.literal(true), message: z.string() }),
          '4xx': errorResponse,
        },
      },
    },
    async (request) => {
      await features.remove(request.params.id);
      return { success: true as const, message: 'Feature image deleted' };
    },
  );
};

export default featuresRoutes;
