import {
  adminProductsPageResponse,
  adminProductsQuery,
  asksWholeList,
  defaultAdminProductsLimit,
} from '@contract/admin-product-list';
import { productEditInput, productInput, productSchema } from '@contract/catalog';
import { dataResponse, errorResponse, idParams } from '@contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePermission } from '../../plugins/sessions';

const productResponse = dataResponse(productSchema).extend({ message: z.string() });
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
        summary: 'Products, newest first: all of them, or one page searched and filtered',
        description:
          "Without parameters: every product, as SPEC's client reads them. With any: one page (limit up to 100, 24 without one) and pagination; search (up to 100 characters) matches the title, the brand and the SKU of the product or of any variant; category, brand and stock (out: 0, low: 1-9, in: 1 or more in total) filter. Page items carry the product's sku.",
        querystring: adminProductsQuery,
        response: {
          // The page first: the whole list (no pagination) does not pass as one.
          200: z.union([adminProductsPageResponse, dataResponse(z.array(productSchema))]),
          '4xx': errorResponse,
        },
      },
    },
    async (request) => {
      const { page, limit, ...filters } = request.query;
      if (asksWholeList(request.query)) {
        return { success: true as const, data: await catalog.listForAdmin() };
      }
      const paging = { page: page ?? 1, limit: limit ?? defaultAdminProductsLimit };
      return { success: true as const, ...(await catalog.pageForAdmin(filters, paging)) };
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
