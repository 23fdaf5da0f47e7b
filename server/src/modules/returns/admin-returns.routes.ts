import { errorResponse } from '@contract/common';
import {
  adminReturnsQuery,
  approveReturnBody,
  receiveReturnBody,
  refuseReturnBody,
  returnIdParams,
  returnReportQuery,
  returnReportResponse,
  returnResponse,
  returnsPageResponse,
} from '@contract/returns';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requirePermission } from '../../plugins/sessions';

/** The admin's returns queue and its steps, under /api/admin/returns. */
const adminReturnsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { returns, returnSteps, returnsReport } = app.services;
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
        summary: 'Returns and withdrawals, newest first (status filter, paged)',
        querystring: adminReturnsQuery,
        response: { 200: returnsPageResponse, ...errors },
      },
    },
    async (request) => {
      const { status, page, limit } = request.query;
      const { returns: data, pagination } = await returns.list(status, page, limit);
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
        ...step('Refuse a requested return', 'The reason is emailed to the shopper.'),
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
    '/:id/receive',
    {
      onRequest: requirePermission('orders.update'),
      schema: {
        ...step(
          'Mark an approved return received, each line restocked or not',
          'Name every line of the return once; restocked lines go back to their variant’s stock. A withdrawal of an order never shipped is received without a parcel.',
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
          'Its lines’ paid share (discount and tax included), plus the shipping when a withdrawal takes back the whole order; never more than is left of what was paid.',
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
