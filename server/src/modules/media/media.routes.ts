import { uploadImageResponse } from '@contract/catalog';
import { errorResponse } from '@contract/common';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { allowCrossOriginEmbedding } from '../../plugins/security';
import { requirePermission } from '../../plugins/sessions';
import { MAX_UPLOAD_BYTES } from './image-pipeline';
import { IMAGE_NAME } from './media.storage';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Field names of the one file: ours, and the original client's. */
const FILE_FIELDS = new Set(['file', 'my_file']);

/**
 * The bytes of the one file part (`file` or `my_file`). The whole body is read before
 * anything is stored, so a second file or an oversized one refuses the upload as a whole.
 */
async function readFilePart(request: FastifyRequest): Promise<Buffer> {
  let input: Buffer | undefined;
  let files = 0;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    files += 1;
    const bytes = await part.toBuffer();
    // toBuffer() can return the first 5 MB without throwing when the chunk that reaches the
    // limit is the last one read; busboy's own flag is the reliable signal.
    if (part.file.truncated) throw tooLarge();
    if (files > 1) throw oneFileOnly();
    if (FILE_FIELDS.has(part.fieldname)) input = bytes;
  }
  if (!input) {
    throw new AppError('INVALID_INPUT', 'file is required (multipart field "file")');
  }
  return input;
}

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', 'file must be at most 5 MB');
const oneFileOnly = () => new AppError('INVALID_INPUT', 'Send one file per upload');

/** A broken multipart body is the client's error (400/413), never a 500. */
function asUploadError(error: unknown): Error {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_FILES_LIMIT') return oneFileOnly();
  if (statusCode === 413 || code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  return new AppError('INVALID_INPUT', 'The upload is not a valid multipart/form-data body');
}

/** Image upload (admin) and serving of the shop's own images at /uploads/<name>. */
const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { media } = app.services;
  // 5 MB per file; a second file is read only to refuse the upload (a third stops the parse).
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 2, fields: 5, parts: 6, headerPairs: 50 },
  });

  app.post(
    '/api/admin/products/upload-image',
    {
      // Product and banner images: catalogue or content staff.
      onRequest: requirePermission('catalog', 'content'),
      schema: {
        tags: ['admin products'],
        summary:
          'Upload a product or banner image (multipart field `file` or `my_file`, one file, at most 5 MB)',
        description:
          'The file must decode as JPEG, PNG, WebP or AVIF; it is re-encoded to WebP without metadata.',
        consumes: ['multipart/form-data'],
        response: { 200: uploadImageResponse, '4xx': errorResponse },
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data');
      }
      const input = await readFilePart(request).catch((error: unknown) => {
        throw asUploadError(error);
      });
      const result = await media.uploadImage(input);
      return { success: true as const, message: 'Image uploaded', result };
    },
  );

  app.get(
    '/uploads/:name',
    {
      schema: {
        hide: true,
        params: z.object({ name: z.string().max(100) }),
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const object = IMAGE_NAME.test(name) ? await media.read(name) : undefined;
      if (!object) throw new AppError('NOT_FOUND', 'Image not found');
      reply.header('Content-Type', 'image/webp').header('Cache-Control', IMMUTABLE);
      allowCrossOriginEmbedding(reply);
      if (object.length !== undefined) reply.header('Content-Length', object.length);
      return reply.send(object.body);
    },
  );
};

export default mediaRoutes;
