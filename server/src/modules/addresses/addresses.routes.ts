import {
  addAddressBody,
  addressDeletedResponse,
  addressListResponse,
  addressParams,
  addressResponse,
  addressUserParams,
  updateAddressBody,
} from '@contract/addresses';
import { errorResponse } from '@contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertSelf, requireUser } from '../../plugins/sessions';

const addressesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { addresses } = app.services;
  app.addHook('onRequest', requireUser);
  const tags = ['addresses'];
  const security = [{ session: [] }];

  app.post(
    '/add',
    {
      schema: {
        tags,
        security,
        summary: 'Save a delivery address (at most 3; a fourth is 409 ADDRESS_LIMIT)',
        body: addAddressBody,
        response: { 201: addressResponse, '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      const { userId, ...fields } = request.body;
      assertSelf(request, userId);
      const data = await addresses.add(userId, fields);
      return reply
        .status(201)
        .send({ success: true as const, data, message: 'Address added successfully' });
    },
  );

  app.get(
    '/get/:userId',
    {
      schema: {
        tags,
        security,
        summary: "The user's saved addresses",
        params: addressUserParams,
        response: { 200: addressListResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      assertSelf(request, request.params.userId);
      return { success: true as const, data: await addresses.list(request.params.userId) };
    },
  );

  app.put(
    '/update/:userId/:addressId',
    {
      schema: {
        tags,
        security,
        summary: 'Edit a saved address',
        params: addressParams,
        body: updateAddressBody,
        response: { 200: addressResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const { userId, addressId } = request.params;
      assertSelf(request, userId);
      const data = await addresses.update(userId, addressId, request.body);
      return { success: true as const, data, message: 'Address updated successfully' };
    },
  );

  app.delete(
    '/delete/:userId/:addressId',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a saved address',
        params: addressParams,
        response: { 200: addressDeletedResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      const { userId, addressId } = request.params;
      assertSelf(request, userId);
      await addresses.remove(userId, addressId);
      return { success: true as const, message: 'Address deleted successfully' };
    },
  );
};

export default addressesRoutes;
