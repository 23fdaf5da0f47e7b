import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
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

/**
 * A cached answer in the form that is cheapest to send again and again: Node writes a Buffer
 * as it is, while a string body is joined to the headers, copied and encoded on every send
 * (a 27 KB listing: ~20% of a cached hit's CPU, most of it young-generation garbage).
 */
export const jsonBytes = (json: string) => {
  // Memory of its own: a small Buffer.from is a view of an 8 KB pool slab, which one kept
  // answer (a product's empty reviews, 30 bytes) would keep whole.
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(json));
  bytes.write(json);
  return bytes;
};

/**
 * Sends a JSON answer made (and validated) already, past the route's serializer, with its tag.
 * A string (an answer made for this request alone) is sent as it is, compressed by
 * @fastify/compress; a cached Buffer goes in the compressed form the browser takes, made once
 * per answer.
 */
export function sendJson(reply: FastifyReply, json: string | Buffer) {
  reply.type('application/json; charset=utf-8');
  if (typeof json !== 'string') return sendKeptBytes(reply, json);
  const compressible = Buffer.byteLength(json) >= COMPRESS_FROM;
  if (answeredByTag(reply, tagOf(json), compressible, 'no-cache')) return reply;
  return reply.send(json);
}

/**
 * Sends an answer kept as bytes (a cached API answer, a shared page) with its tag, in the
 * compressed form the client takes (made once per answer), or 304 when the client has it.
 * no-cache: a browser keeps it and asks again each time with the tag (never stale).
 */
export function sendKeptBytes(reply: FastifyReply, body: Buffer, cacheControl = 'no-cache') {
  const compressible = body.byteLength >= COMPRESS_FROM;
  if (answeredByTag(reply, etagOf(body), compressible, cacheControl)) return reply;
  if (!compressible) return reply.send(body);
  const encoding = preferredEncoding(reply.request.headers['accept-encoding']);
  if (encoding === undefined) return reply.send(body);
  reply.header('content-encoding', encoding);
  return reply.send(encodedAnswer(body, encoding));
}

/**
 * An answer kept outside the process (ProductJsonCache's file) with its tag and brotli form:
 * its bytes read back are a new Buffer each time, so the tag and form kept with it are sent
 * rather than made again (`br` reads the form, null when it is no longer kept).
 */
export type AnswerForms = { body: Buffer; etag: string; br: () => Buffer | null };

/** Sends an answer with its kept forms as `sendKeptBytes` sends a cached Buffer. */
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

/**
 * Bytes kept in their brotli form only, with the tag of the plain bytes: a shared page is
 * ~4x smaller so, and browsers (and the crawlers that matter) take brotli; the rare client
 * that does not gets it decompressed (and gzipped) on its request.
 */
export type KeptBrotli = { br: Buffer; etag: string };

export const keepAsBrotli = (body: Buffer): KeptBrotli => ({
  br: ownBytes(brotli(body)),
  etag: etagOf(body),
});

/** Sends bytes kept as brotli as `sendKeptBytes` sends plain ones: tag, 304, the client's form. */
export function sendKeptBrotli(reply: FastifyReply, kept: KeptBrotli, cacheControl: string) {
  if (answeredByTag(reply, kept.etag, true, cacheControl)) return reply;
  const encoding = preferredEncoding(reply.request.headers['accept-encoding']);
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(kept.br);
  const body = brotliDecompressSync(kept.br);
  if (encoding === undefined) return reply.send(body);
  return reply.header('content-encoding', 'gzip').send(gzipSync(body));
}

/**
 * Sets an answer's tag, cache policy and Vary; answers 304 (and says so) when the client
 * holds that tag already.
 */
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

/**
 * The encoding to answer an `Accept-Encoding` with, negotiated as @fastify/compress does
 * (q-values; `*` and `x-gzip` count as gzip); undefined for none or identity.
 */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const chosen = negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), [
    'br',
    'gzip',
    'identity',
  ]);
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

/**
 * Compressed forms of cached answers, made on first demand and kept as long as the answer is
 * (the read cache holds the Buffer; the forms are ~10% of its size). A browser asks every
 * answer compressed, and compressing a 27 KB listing for each request cost ~4x the rest of
 * a cached hit (brotli ~0.3 ms against ~0.08 ms).
 */
const compressedForms = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

/** `json` compressed with `encoding`, the same Buffer for every request of one cached answer. */
export function encodedAnswer(json: Buffer, encoding: Encoding): Buffer {
  let forms = compressedForms.get(json);
  if (forms === undefined) {
    forms = {};
    compressedForms.set(json, forms);
  }
  forms[encoding] ??= ownBytes(encoding === 'br' ? brotli(json) : gzipSync(json));
  return forms[encoding];
}

/**
 * A kept copy of a compressor's output in memory of its own size: zlib's sync output is a view
 * of its 16 KB or larger work buffer, which a kept 7 KB page would keep whole (10,000 pages
 * rendered ahead held 229 MB of such buffers for 70 MB of pages).
 */
function ownBytes(view: Buffer): Buffer {
  const own = Buffer.allocUnsafeSlow(view.byteLength);
  view.copy(own);
  return own;
}

/**
 * Brotli as the server makes it, kept answers and (app.ts) answers made per request alike.
 * Quality 2: 4 (@fastify/compress's default) shrinks a 36 KB listing answer by 3% and a 104 KB
 * listing page by 9% for 1.6x and 2.6x the time (0.17 against 0.11 ms, 0.62 against 0.23 ms),
 * which every page rendered for a random filter pays; 5-8 shrink by 1% more.
 */
export const brotliParams = {
  [constants.BROTLI_PARAM_QUALITY]: 2,
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
};

const brotli = (bytes: Buffer) =>
  brotliCompressSync(bytes, {
    params: { ...brotliParams, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength },
  });

/** ETags of answers, made once per Buffer (a cached answer is the same Buffer on every hit). */
const etags = new WeakMap<Buffer, string>();

/**
 * A weak validator of the answer's bytes: weak, since its brotli, gzip and plain forms are the
 * same answer. Two answers with the same bytes have the same tag on every instance.
 */
export function etagOf(json: Buffer): string {
  let etag = etags.get(json);
  if (etag === undefined) {
    etag = tagOf(json);
    etags.set(json, etag);
  }
  return etag;
}

/**
 * The tag of these bytes, or of a string's UTF-8 bytes (the same tag as its Buffer's). Joined,
 * not concatenated: a joined string is one flat string of 26 characters, where a template
 * literal's is a chain of three pieces holding the whole digest (~150 bytes against ~56, for
 * each of the 20,000 tags a catalogue of 10,000 products keeps).
 */
const tagOf = (json: Buffer | string) =>
  ['W/"', createHash('sha1').update(json).digest('base64url').slice(0, 22), '"'].join('');

/** Whether an If-None-Match header names this tag (or is `*`); weak comparison, as for GET. */
function matches(header: string | undefined, etag: string) {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.slice(2);
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === etag || t === bare;
  });
}
