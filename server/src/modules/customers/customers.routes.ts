import { errorResponse } from '@contract/common';
import {
  customerDetailsResponse,
  customerIdParams,
  customerListResponse,
  customersQuery,
} from '@contract/customers';
import { addNoteBody, noteResponse } from '@contract/notes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requirePermission } from '../../plugins/sessions';

/** The admin's customers under /api/admin/customers. */
const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { customers } = app.services;
  app.addHook('onRequest', requirePermission('customers'));
  const tags = ['admin customers'];
  const security = [{ session: [] }];

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Customers (shoppers), searched by name or email, sorted and paged',
        description:
          'sort: joined, orders, spent or lastOrder, ascending; with a leading "-" descending (default -joined). Orders and spent count paid orders only (spent: totals minus refunds and chargebacks). search: part of the name or email, any case (at most 100 characters). limit (up to 100). Paging: after=pagination.next or before=pagination.prev reads the neighbouring page from the index at any depth (pagination.page is then null, or 1 when the answer is the first page); page=N still works (OFFSET; deep pages cost more).',
        querystring: customersQuery,
        response: { 200: customerListResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const { customers: data, pagination } = await customers.list(request.query);
      return { success: true as const, data, pagination };
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One customer: profile, addresses, orders, reviews, saved items, internal notes',
        params: customerIdParams,
        response: { 200: customerDetailsResponse, '4xx': errorResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await customers.details(request.params.id),
    }),
  );

  app.post(
    '/:id/notes',
    {
      schema: {
        tags,
        security,
        summary: 'Add an internal note to a customer (staff only; 1 to 2000 characters)',
        params: customerIdParams,
        body: addNoteBody,
        response: { 200: noteResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const data = await customers.addCustomerNote(
        currentUser(request),
        request.params.id,
        request.body.body,
      );
      return { success: true as const, data, message: 'The note was added' };
    },
  );
};

export default customersRoutes;
