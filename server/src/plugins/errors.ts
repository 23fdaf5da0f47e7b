import type { ErrorCode } from '@contract/common';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { busy, isContention } from '../lib/db-errors';

type Reply = { status: number; code: ErrorCode; message: string };

function describeValidation(error: FastifyError): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return 'Invalid request';
  const issue = error.validation[0];
  if (!issue) return 'Invalid request';
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const where = field || error.validationContext || 'request';
  const params = issue.params as { issue?: { code?: string; keys?: string[] } };
  if (params.issue?.code === 'unrecognized_keys') {
    return `Unknown field: ${params.issue.keys?.join(', ') ?? where}`;
  }
  return `${where} ${issue.message}`.trim();
}

/** Maps any error to `{ success: false, code, message }`; never leaks internals. */
export function toReply(error: FastifyError | AppError): Reply {
  if (error instanceof AppError) {
    return { status: error.statusCode, code: error.code, message: error.message };
  }
  // Contention that no transaction retried is the shopper's "try again", not our failure.
  if (isContention(error)) return toReply(busy());
  if (hasZodFastifySchemaValidationErrors(error)) {
    return { status: 400, code: 'INVALID_INPUT', message: describeValidation(error) };
  }
  const status = error.statusCode ?? 500;
  if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
    return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' };
  }
  if (status === 415) {
    return { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content type' };
  }
  if (status === 429) {
    return { status: 429, code: 'RATE_LIMITED', message: 'Too many attempts, try again later' };
  }
  if (status === 404) return { status: 404, code: 'NOT_FOUND', message: 'Not found' };
  if (status >= 400 && status < 500) {
    const message =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'The request body is not valid JSON'
        : error.message.replace(/^FST_\w+: /, '');
    return { status, code: 'INVALID_INPUT', message };
  }
  return { status: 500, code: 'INTERNAL', message: 'Something went wrong on our side' };
}

export default fp(
  async function errors(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const { status, code, message } = toReply(error);
      if (code === 'UNAVAILABLE') {
        // Expected while an instance stops or a dependency is briefly away: no stack trace.
        request.log.warn({ reason: message }, 'request refused for now');
      } else if (status >= 500 || isResponseSerializationError(error)) {
        request.log.error({ err: error }, 'request failed');
      }
      return reply.status(status).send({ success: false, code, message });
    });
  },
  { name: 'errors' },
);
