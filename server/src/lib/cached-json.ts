import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { withAbsoluteImageUrls } from './image-urls';
import type { ReadCache } from './read-cache';

/**
 * Answers from the cache with the response already serialized: a hit costs no validation and
 * no JSON.stringify. The schema still decides what leaves: it parses each answer once, when
 * the cache is filled (image URLs are made absolute then too, as for every API answer).
 * Kept as bytes (`jsonBytes`).
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
    jsonBytes(JSON.stringify(withAbsoluteImageUrls(schema.parse(await load()), publicUrl))),
  );
  return sendJson(reply, json);
}

/**
 * A cached answer in the form that is cheapest to send again and again: Node writes a Buffer
 * as it is, while a string body is joined to the headers, copied and encoded on every send
 * (a 27 KB listing: ~20% of a cached hit's CPU, most of it young-generation garbage).
 */
export const jsonBytes = (json: string) => Buffer.from(json);

/** Sends a JSON answer made (and validated) already, past the route's serializer. */
export function sendJson(reply: FastifyReply, json: string | Buffer) {
  // A string or Buffer with a JSON content type is sent as it is.
  return reply.type('application/json; charset=utf-8').send(json);
}
