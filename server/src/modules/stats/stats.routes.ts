import { errorResponse } from '@contract/common';
import { dashboardStatsResponse } from '@contract/stats';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePermission } from '../../plugins/sessions';

/** The admin dashboard's figures under /api/admin/stats. */
const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { stats } = app.services;
  app.addHook('onRequest', requirePermission('orders.view'));

  app.get(
    '/dashboard',
    {
      schema: {
        tags: ['admin dashboard'],
        security: [{ session: [] }],
        summary: 'Revenue of paid orders, orders by status, low stock, sales per day (30 days)',
        response: { 200: dashboardStatsResponse, '4xx': errorResponse },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { success: true as const, data: await stats.dashboard() };
    },
  );
};

export default statsRoutes;
