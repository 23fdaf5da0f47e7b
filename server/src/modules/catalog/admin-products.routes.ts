import { productEditInput, productInput, productSchema } from '@contract/catalog';
import { dataResponse, errorResponse, idParams, paginationSchema } from '@contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePermission } from '../../plugins/sessions';

const productResponse = dataResponse(productSchema).extend({ message: z.string() });
const adminListQuery = z.object({
  page: z.coerce.number().int().min(1, 'must be 1 or more').max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(100, 'must be at most 100').optional(),
});
const deletedResponse = z.object({ success: z.literal(true), message: z.string() });

/** Catalogue management, mounted at /api/admin/products (the upload lives in the media module). */
const adminProductsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalog } = app.services;
  // onRequest, not preHandler: a signed-out caller gets 401 before its body is even parsed.
  app.addHook('onRequest', requirePermission('catalog'));
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
        summary: 'Products, newest first: all of them, or one page with ?page=&limit=',
        querystring: adminListQuery,
        response: {
          200: dataResponse(z.array(productSchema)).extend({
            pagination: paginationSchema.optional(),
          }),
          '4xx': errorResponse,
        },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      // SPEC's client reads the whole list; the admin screen asks for pages.
      if (page === undefined && limit === undefined) {
        return { success: true as const, data: await catalog.listForAdmin() };
      }
      return { success: true as const, ...(await catalog.pageForAdmin(page ?? 1, limit ?? 24)) };
    },
  );

  app.put(
    '/edit/:id',
    {
      schema: {
        tags,
        summary: 'Replace a product’s fields',
        params: idParams,
        body: productEditInput,
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
