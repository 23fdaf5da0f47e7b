import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { withAbsoluteImageUrls } from './image-urls';
import type { ReadCache } from './read-cache';

/**
 * Answers from the cache with the response already serialized: a hit costs no validation and
 * no JSON.stringify. The schema still decides what leaves: it parses each answer once, when
 * the cache is filled (image URLs are made absolute then too, as for every API answer).
 */
export async function sendCachedJson<S extends z.ZodType>(
  reply: FastifyReply,
  cache: ReadCache,
  key: string,
  schema: S,
  load: () => Promise<z.input<S>>,
) {
  const { publicUrl } = reply.server.config;
  const json = await cache.get(key, async () =>
    JSON.stringify(withAbsoluteImageUrls(schema.parse(await load()), publicUrl)),
  );
  return sendJson(reply, json);
}

/** Sends a JSON answer made (and validated) already, past the route's serializer. */
export function sendJson(reply: FastifyReply, json: string) {
  // A string with a JSON content type is sent as it is.
  return reply.type('application/json; charset=utf-8').send(json);
}
