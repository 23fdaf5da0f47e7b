import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productInput, productSchema } from '../../../../contract/catalog';
import { dataResponse, errorResponse, idParams } from '../../../../contract/common';
import { requireAdmin } from '../../plugins/sessions';

const productResponse = dataResponse(productSchema).extend({ message: z.string() });
const deletedResponse = z.object({ success: z.literal(true), message: z.string() });

/** Catalogue management, mounted at /api/admin/products (the upload lives in the media module). */
const adminProductsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalog } = app.services;
  // onRequest, not preHandler: a signed-out caller gets 401 before its body is even parsed.
  app.addHook('onRequest', requireAdmin);
  const tags = ['admin products'];

  app.post(
    '/add',
    {
      schema: {
        tags,
        summary: 'Add a product (image must be a URL returned by upload-image)',
        body: productInput,
        response: { 201: productResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const data = await catalog.addProduct(request.body);
      return reply.status(201).send({ success: true, message: 'Product added', data });
    },
  );

  app.get(
    '/get',
    {
      schema: {
        tags,
        summary: 'Every product, newest first',
        response: { 200: dataResponse(z.array(productSchema)), '4xx': errorResponse },
      },
    },
    async () => ({ success: true as const, data: await catalog.listForAdmin() }),
  );

  app.put(
    '/edit/:id',
    {
      schema: {
        tags,
        summary: 'Replace a product’s fields',
        params: idParams,
        body: productInput,
        response: { 200: productResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const data = await catalog.editProduct(request.params.id, request.body);
      return { success: true as const, message: 'Product updated', data };
    },
  );

  app.delete(
    '/delete/:id',
    {
      schema: {
        tags,
        summary: 'Delete a product (past orders keep their lines; carts drop it)',
        params: idParams,
        response: { 200: deletedResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      await catalog.deleteProduct(request.params.id);
      return { success: true as const, message: 'Product deleted' };
    },
  );
};

export default adminProductsRoutes;
