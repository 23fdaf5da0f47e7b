import { errorResponse } from '@contract/common';
import {
  inviteStaffBody,
  staffIdParams,
  staffListResponse,
  staffMemberResponse,
  updateStaffBody,
} from '@contract/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requirePermission } from '../../plugins/sessions';

/** Staff accounts and their permissions, under /api/admin/staff (issue 27). */
const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { staff } = app.services;
  app.addHook('onRequest', requirePermission('staff'));
  const tags = ['admin staff'];
  const security = [{ session: [] }];
  const errors = { '4xx': errorResponse };

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Admins and staff, oldest first; the owner is marked',
        response: { 200: staffListResponse, ...errors },
      },
    },
    async () => ({ success: true as const, data: await staff.list() }),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Invite a staff member: the account is created and a set-password link emailed',
        description:
          'permissions: any of catalog, orders.view, orders.update, orders.ship, orders.refund, customers, content, settings, staff, each one you have yourself (403 otherwise). An email already used by any account answers 409.',
        body: inviteStaffBody,
        response: { 201: staffMemberResponse, ...errors },
      },
    },
    async (request, reply) => {
      const data = await staff.invite(currentUser(request), request.body);
      return reply.status(201).send({ success: true as const, data, message: 'Invitation sent' });
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Rename, change the permissions of, deactivate or reactivate a staff member',
        description:
          'active: false signs them out everywhere at once and refuses their sign-in. The owner, other admins and yourself cannot be changed here; nor can someone with a permission you lack (403).',
        params: staffIdParams,
        body: updateStaffBody,
        response: { 200: staffMemberResponse, ...errors },
      },
    },
    async (request) => {
      const data = await staff.update(currentUser(request), request.params.id, request.body);
      return { success: true as const, data, message: 'Staff member updated' };
    },
  );
};

export default staffRoutes;
