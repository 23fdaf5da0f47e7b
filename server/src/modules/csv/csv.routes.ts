import { Readable } from 'node:stream';
import { errorResponse } from '@contract/common';
import { importQuery, importRefusal, importReport, ordersExportQuery } from '@contract/csv';
import multipart from '@fastify/multipart';
import { stringify } from 'csv-stringify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { requirePermission } from '../../plugins/sessions';

/** A products file of 10,000 products with their variants is about 5 MB. */
export const MAX_CSV_BYTES = 20 * 1024 * 1024;

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', 'The file must be at most 20 MB');

/** The one file part's bytes; a second file, or one over the limit, refuses the upload. */
async function readCsvPart(request: FastifyRequest): Promise<Buffer> {
  let input: Buffer | undefined;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    const bytes = await part.toBuffer();
    if (part.file.truncated) throw tooLarge();
    if (input) throw new AppError('INVALID_INPUT', 'Send one file per import');
    input = bytes;
  }
  if (!input) throw new AppError('INVALID_INPUT', 'file is required (multipart field "file")');
  return input;
}

function asUploadError(error: unknown): Error {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_FILES_LIMIT') return new AppError('INVALID_INPUT', 'Send one file per import');
  if (statusCode === 413 || code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  return new AppError('INVALID_INPUT', 'The upload is not a valid multipart/form-data body');
}

/** Streams records as CSV: the reply is chunked, one page of rows in memory at a time. */
function sendCsv(reply: FastifyReply, name: string, records: AsyncGenerator<string[]>) {
  const day = new Date().toISOString().slice(0, 10);
  reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${name}-${day}.csv"`)
    .header('Cache-Control', 'no-store');
  // The BOM makes spreadsheets read the file as UTF-8; the import skips it.
  return reply.send(
    Readable.from(records).pipe(stringify({ bom: true, record_delimiter: 'windows' })),
  );
}

const csvFile = z.string().describe('CSV (text/csv; charset=utf-8)');

/** CSV export and import (issue 27), mounted at /api/admin. */
const csvRoutes: FastifyPluginAsyncZod = async (app) => {
  const { csv } = app.services;
  // Encapsulated: this limit applies to these routes only (images keep their 5 MB).
  await app.register(multipart, {
    limits: { fileSize: MAX_CSV_BYTES, files: 2, fields: 5, parts: 6, headerPairs: 50 },
  });
  const tags = ['admin csv'];

  app.get(
    '/export/products.csv',
    {
      onRequest: requirePermission('catalog'),
      schema: {
        tags,
        summary: 'Products as CSV, one row per variant (streamed)',
        response: { 200: csvFile, '4xx': errorResponse },
      },
    },
    async (_request, reply) => sendCsv(reply, 'products', csv.products()),
  );

  app.get(
    '/export/orders.csv',
    {
      onRequest: requirePermission('orders.view'),
      schema: {
        tags,
        summary: 'Orders as CSV, one row per line, by date range and status (streamed)',
        querystring: ordersExportQuery,
        response: { 200: csvFile, '4xx': errorResponse },
      },
    },
    async (request, reply) => sendCsv(reply, 'orders', csv.orders(request.query)),
  );

  app.get(
    '/export/customers.csv',
    {
      onRequest: requirePermission('customers'),
      schema: {
        tags,
        summary: 'Customers as CSV (streamed)',
        response: { 200: csvFile, '4xx': errorResponse },
      },
    },
    async (_request, reply) => sendCsv(reply, 'customers', csv.customers()),
  );

  app.post(
    '/import/products',
    {
      onRequest: requirePermission('catalog'),
      schema: {
        tags,
        summary: 'Import products from CSV (multipart field `file`, at most 20 MB)',
        description:
          'The export’s own columns. dryRun=true checks every row and writes nothing; otherwise a clean file is imported in one transaction, creating or updating products by SKU.',
        consumes: ['multipart/form-data'],
        querystring: importQuery,
        response: { 200: importReport, 400: importRefusal.or(errorResponse), '4xx': errorResponse },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
      }
      const bytes = await readCsvPart(request).catch((error: unknown) => {
        throw asUploadError(error);
      });
      const outcome = await csv.importProducts(bytes, request.query.dryRun === 'true');
      if (outcome.success) return outcome;
      const count = outcome.errors.length;
      return reply.status(400).send({
        success: false as const,
        code: 'INVALID_INPUT' as const,
        message: `The file has ${count} error${count === 1 ? '' : 's'}; nothing was imported`,
        errors: outcome.errors,
      });
    },
  );
};

export default csvRoutes;
