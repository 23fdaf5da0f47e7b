import { errorResponse } from '@contract/common';
import { adminReturnsPageResponse } from '@contract/orders';
import {
  adminReturnsQuery,
  approveReturnBody,
  receiveReturnBody,
  recordExceptionBody,
  refuseReturnBody,
  returnIdParams,
  returnReportQuery,
  returnReportResponse,
  returnResponse,
} from '@contract/returns';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requirePermission } from '../../plugins/sessions';

/** The admin's returns queue and its steps, under /api/admin/returns. */
const adminReturnsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { returns, returnSteps, returnsReport, orders, customers } = app.services;
  const tags = ['admin returns'];
  const security = [{ session: [] }];
  const errors = { '4xx': errorResponse, '5xx': errorResponse };
  const step = (summary: string, description: string) => ({
    tags,
    security,
    summary,
    description: `${description} Each step happens once: a second click, or one racing it, gets 409.`,
    params: returnIdParams,
  });

  app.get(
    '/',
    {
      onRequest: requirePermission('orders.view'),
      schema: {
        tags,
        security,
        summary:
          'Returns and withdrawals: refunds overdue first, then newest first (status filter, paged)',
        querystring: adminReturnsQuery,
        response: { 200: adminReturnsPageResponse, ...errors },
      },
    },
    async (request) => {
      const { status, page, limit } = request.query;
      const { returns: list, pagination } = await returns.list(status, page, limit);
      // Each card names who placed its order, as the order list does (a page's distinct orders).
      const ids = [...new Set(list.map((r) => r.orderId))];
      const found = (await Promise.all(ids.map((id) => orders.find(id)))).filter(
        (o) => o !== undefined,
      );
      const placedBy = await customers.placedBy(found);
      const byOrder = new Map(found.map((order, i) => [order.id, placedBy[i]!]));
      const nobody = { name: '', email: '', customerId: null };
      const data = list.map((ret) => ({ ...ret, customer: byOrder.get(ret.orderId) ?? nobody }));
      return { success: true as const, data, pagination };
    },
  );

  app.get(
    '/report',
    {
      onRequest: requirePermission('orders.view'),
      schema: {
        tags,
        security,
        summary: 'Return rate and reasons of the 20 products returned most, and of their sizes',
        querystring: returnReportQuery,
        response: { 200: returnReportResponse, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { success: true as const, data: await returnsReport.report(request.query.days) };
    },
  );

  app.post(
    '/:id/approve',
    {
      onRequest: requirePermission('orders.update'),
      schema: {
        ...step('Approve a requested return', 'The instructions are emailed to the shopper.'),
        body: approveReturnBody,
        response: { 200: returnResponse, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const data = await returnSteps.approve(
        currentUser(request).id,
        id,
        request.body.instructions,
      );
      return { success: true as const, data };
    },
  );

  app.post(
    '/:id/refuse',
    {
      onRequest: requirePermission('orders.update'),
      schema: {
        ...step(
          'Refuse a requested return asked after the withdrawal period',
          'The reason is emailed to the shopper. A withdrawal, or a return asked within the withdrawal period, cannot be refused (409): record an art. 16 exception instead where one applies.',
        ),
        body: refuseReturnBody,
        response: { 200: returnResponse, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const data = await returnSteps.refuse(currentUser(request).id, id, request.body.reason);
      return { success: true as const, data };
    },
  );

  app.post(
    '/:id/exception',
    {
      onRequest: requirePermission('orders.update'),
      schema: {
        ...step(
          'Record an art. 16 exception for a withdrawal (Directive 2011/83/EU)',
          'exception: personalised (art. 16(c)) or unsealedHygiene (art. 16(e)); reason (10-1000 characters) is shown to the shopper on the order and emailed. From requested, approved or received; its units are not refunded and, if they have not left, may ship. 409 for an ordinary return.',
        ),
        body: recordExceptionBody,
        response: { 200: returnResponse, ...errors },
      },
    },
    async (request) => {
      const { exception, reason } = request.body;
      const data = await returnSteps.recordException(
        currentUser(request).id,
        request.params.id,
        exception,
        reason,
      );
      return { success: true as const, data };
    },
  );

  app.post(
    '/:id/receive',
    {
      onRequest: requirePermission('orders.update'),
      schema: {
        ...step(
          'Mark a return received, each line restocked or not',
          'Name every line of the return once; restocked lines go back to their variant’s stock. An ordinary return is received once approved, a withdrawal from requested or approved; a withdrawal of units never shipped is received without a parcel.',
        ),
        body: receiveReturnBody,
        response: { 200: returnResponse, ...errors },
      },
    },
    async (request) => {
      const data = await returnSteps.receive(request.params.id, request.body.lines);
      return { success: true as const, data };
    },
  );

  app.post(
    '/:id/refund',
    {
      onRequest: requirePermission('orders.refund'),
      schema: {
        ...step(
          'Refund a received return through PayPal',
          'Its lines’ paid share (discount and tax included), plus the standard delivery cost and its tax when it brings the order’s last item back within the withdrawal period; never more than is left of what was paid. A withdrawal of units that never left is refunded from requested or approved in one step (received back into stock first).',
        ),
        response: { 200: returnResponse, ...errors },
      },
    },
    async (request) => {
      const data = await returnSteps.refund(currentUser(request).id, request.params.id);
      return { success: true as const, data };
    },
  );
};

export default adminReturnsRoutes;
