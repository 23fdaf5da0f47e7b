import {
  auditListResponse,
  auditQuery,
  orderHistoryParams,
  orderHistoryQuery,
} from '@contract/audit';
import { errorResponse } from '@contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePermission } from '../../plugins/sessions';

/** The audit log under /api/admin/audit: read only; entries are written by the audit plugin. */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { audit } = app.services;
  const tags = ['admin audit'];
  const security = [{ session: [] }];
  const errors = { '4xx': errorResponse };

  app.get(
    '/',
    {
      onRequest: requirePermission('staff'),
      schema: {
        tags,
        security,
        summary: 'Audit log entries, newest first (filters: entity, id, actor, from, to; paged)',
        description:
          'actor is an account id, an email, or `cli`; from and to are UTC days (YYYY-MM-DD), both included. before and after hold the changed fields of an edit, the whole entity of a create or delete. names gives the people and things the entries name (account ids, entity ids), timeZone the shop’s, for showing times.',
        querystring: auditQuery,
        response: { 200: auditListResponse, ...errors },
      },
    },
    async (request) => ({ success: true as const, ...(await audit.list(request.query)) }),
  );

  // The order dialog's history: whoever may see the order (or the whole log) sees how it changed.
  app.get(
    '/orders/:id',
    {
      onRequest: requirePermission('orders.view', 'staff'),
      schema: {
        tags,
        security,
        summary: "One order's history: the audit entries of the order, newest first (paged)",
        params: orderHistoryParams,
        querystring: orderHistoryQuery,
        response: { 200: auditListResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await audit.list({ ...request.query, entity: 'order', id: request.params.id })),
    }),
  );
};

export default auditRoutes;
