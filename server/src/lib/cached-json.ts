import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { withAbsoluteImageUrls } from './image-urls';
import type { ReadCache } from './read-cache';

/** Serialized when the cache is filled, so a hit skips the schema's parse and stringify. */
export function cachedJson<S extends z.ZodType>(
  cache: ReadCache,
  key: string,
  schema: S,
  load: () => Promise<z.input<S>>,
  publicUrl: string,
) {
  return cache.get(key, async () =>
    jsonBytes(JSON.stringify(withAbsoluteImageUrls(schema.parse(await load()), publicUrl))),
  );
}

/** A Buffer, not a string: Node copies and encodes a string body again on every send. */
export const jsonBytes = (json: string) => {
  // Not Buffer.from: a small one is a view of an 8 KB pool slab that a kept answer would pin.
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(json));
  bytes.write(json);
  return bytes;
};

/** Past the route's serializer: a string is left to @fastify/compress, a Buffer sent as kept. */
export function sendJson(reply: FastifyReply, json: string | Buffer) {
  reply.type('application/json; charset=utf-8');
  if (typeof json !== 'string') return sendKeptBytes(reply, json);
  const compressible = Buffer.byteLength(json) >= COMPRESS_FROM;
  if (answeredByTag(reply, tagOf(json), compressible, 'no-cache')) return reply;
  return reply.send(json);
}

/** no-cache by default: the browser revalidates with the tag each time, so it is never stale. */
export function sendKeptBytes(reply: FastifyReply, body: Buffer, cacheControl = 'no-cache') {
  const compressible = body.byteLength >= COMPRESS_FROM;
  if (answeredByTag(reply, etagOf(body), compressible, cacheControl)) return reply;
  if (!compressible) return reply.send(body);
  const encoding = preferredEncoding(reply.request.headers['accept-encoding']);
  if (encoding === undefined) return reply.send(body);
  reply.header('content-encoding', encoding);
  return reply.send(encodedAnswer(body, encoding));
}

// An answer kept in a file is a new Buffer on each read, which the WeakMaps below cannot key,
// so its tag and brotli form travel with it.
export type AnswerForms = { body: Buffer; etag: string; br: () => Buffer | null };

export function sendAnswerForms(reply: FastifyReply, forms: AnswerForms) {
  reply.type('application/json; charset=utf-8');
  const compressible = forms.body.byteLength >= COMPRESS_FROM;
  if (answeredByTag(reply, forms.etag, compressible, 'no-cache')) return reply;
  if (!compressible) return reply.send(forms.body);
  const encoding = preferredEncoding(reply.request.headers['accept-encoding']);
  if (encoding === undefined) return reply.send(forms.body);
  reply.header('content-encoding', encoding);
  const br = encoding === 'br' ? forms.br() : null;
  return reply.send(br ?? encodedAnswer(forms.body, encoding));
}

// Brotli alone (~4x smaller), tagged by the plain bytes: nearly every client takes brotli, and
// the rare one that does not pays the decompression.
export type KeptBrotli = { br: Buffer; etag: string };

export const keepAsBrotli = (body: Buffer): KeptBrotli => ({
  br: ownBytes(brotli(body)),
  etag: etagOf(body),
});

export function sendKeptBrotli(reply: FastifyReply, kept: KeptBrotli, cacheControl: string) {
  if (answeredByTag(reply, kept.etag, true, cacheControl)) return reply;
  const encoding = preferredEncoding(reply.request.headers['accept-encoding']);
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(kept.br);
  const body = brotliDecompressSync(kept.br);
  if (encoding === undefined) return reply.send(body);
  return reply.header('content-encoding', 'gzip').send(gzipSync(body));
}

/** Sets tag, cache policy and Vary; true when it answered 304. */
function answeredByTag(
  reply: FastifyReply,
  etag: string,
  compressible: boolean,
  cacheControl: string,
): boolean {
  if (compressible) {
    const vary = reply.getHeader('vary');
    // Spelt as @fastify/compress spells it, which then adds it no second time (a string body).
    reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  }
  reply.header('etag', etag).header('cache-control', cacheControl);
  if (reply.statusCode !== 200 || !matches(reply.request.headers['if-none-match'], etag)) {
    return false;
  }
  reply.code(304).send();
  return true;
}

/** @fastify/compress's threshold (app.ts): smaller answers are sent as they are. */
const COMPRESS_FROM = 1024;

type Encoding = 'br' | 'gzip';

/** Negotiated as @fastify/compress does (`*` and `x-gzip` count as gzip), so both agree. */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const chosen = negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), [
    'br',
    'gzip',
    'identity',
  ]);
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

// Keyed weakly by the cached Buffer, so a form lives exactly as long as its answer: compressing
// per request costs several times the rest of a cached hit.
const compressedForms = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

export function encodedAnswer(json: Buffer, encoding: Encoding): Buffer {
  let forms = compressedForms.get(json);
  if (forms === undefined) {
    forms = {};
    compressedForms.set(json, forms);
  }
  forms[encoding] ??= ownBytes(encoding === 'br' ? brotli(json) : gzipSync(json));
  return forms[encoding];
}

/** zlib's sync output is a view of its 16 KB+ work buffer, which a kept page would pin whole. */
function ownBytes(view: Buffer): Buffer {
  const own = Buffer.allocUnsafeSlow(view.byteLength);
  view.copy(own);
  return own;
}

// Also app.ts's per-request compression. Quality 2: 4 saves 3-9% more bytes for 1.6-2.6x the
// time, which every page rendered for a random filter pays (decisions.md).
export const brotliParams = {
  [constants.BROTLI_PARAM_QUALITY]: 2,
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
};

const brotli = (bytes: Buffer) =>
  brotliCompressSync(bytes, {
    params: { ...brotliParams, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength },
  });

const etags = new WeakMap<Buffer, string>();

/** Weak, since the brotli, gzip and plain forms are one answer; the same on every instance. */
export function etagOf(json: Buffer): string {
  let etag = etags.get(json);
  if (etag === undefined) {
    etag = tagOf(json);
    etags.set(json, etag);
  }
  return etag;
}

// join, not a template literal: that makes a rope holding the whole digest (~150 bytes against
// ~56 flat), and a large catalogue keeps ~20,000 tags.
const tagOf = (json: Buffer | string) =>
  ['W/"', createHash('sha1').update(json).digest('base64url').slice(0, 22), '"'].join('');

function matches(header: string | undefined, etag: string) {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.slice(2);
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === etag || t === bare;
  });
}
