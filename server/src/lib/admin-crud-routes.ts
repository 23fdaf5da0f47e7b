import { dataResponse, errorResponse, idParams } from '@contract/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

type CrudService<Body, Item> = {
  list(): Promise<Item[]>;
  add(body: Body): Promise<Item>;
  edit(id: string, body: Body): Promise<Item>;
  remove(id: string): Promise<void>;
};

type CrudOptions<Body, Item> = {
  /** "Shipping zone" reads "Shipping zone added", "... updated", "... deleted". */
  noun: string;
  // Passed in: lib/ imports no plugin.
  guard: (request: FastifyRequest) => Promise<void>;
  body: z.ZodType<Body, unknown>;
  item: z.ZodType<Item>;
  service: () => CrudService<Body, Item>;
  summaries: { get: string; add: string; edit: string };
};

/** GET /get, POST /add, PUT /edit/:id, DELETE /delete/:id, guarded before any body is read. */
export function adminCrudRoutes<Body, Item>(options: CrudOptions<Body, Item>) {
  const { noun, body, item, summaries } = options;
  const one = dataResponse(item).extend({ message: z.string() });
  const deleted = z.object({ success: z.literal(true), message: z.string() });
  const tags = ['admin settings'];
  const errors = { '4xx': errorResponse };

  const plugin: FastifyPluginAsyncZod = async (app) => {
    app.addHook('onRequest', options.guard);
    const service = options.service();

    app.get(
      '/get',
      {
        schema: {
          tags,
          summary: summaries.get,
          response: { 200: dataResponse(z.array(item)), ...errors },
        },
      },
      async () => ({ success: true as const, data: await service.list() }),
    );

    app.post(
      '/add',
      { schema: { tags, summary: summaries.add, body, response: { 201: one, ...errors } } },
      async (request, reply) => {
        const data = await service.add(request.body as Body);
        return reply.status(201).send({ success: true, message: `${noun} added`, data });
      },
    );

    app.put(
      '/edit/:id',
      {
        schema: {
          tags,
          summary: summaries.edit,
          params: idParams,
          body,
          response: { 200: one, ...errors },
        },
      },
      async (request) => {
        const data = await service.edit(request.params.id, request.body as Body);
        return { success: true as const, message: `${noun} updated`, data };
      },
    );

    app.delete(
      '/delete/:id',
      {
        schema: {
          tags,
          summary: `Delete a ${noun.toLowerCase()}`,
          params: idParams,
          response: { 200: deleted, ...errors },
        },
      },
      async (request) => {
        await service.remove(request.params.id);
        return { success: true as const, message: `${noun} deleted` };
      },
    );
  };
  return plugin;
}
