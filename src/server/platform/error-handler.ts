import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './errors';

/**
 * Every failure leaves as JSON `{ message }`. Validation errors name the field; client errors that
 * Fastify raises itself (malformed JSON, body too large, unsupported type) keep their 4xx status;
 * anything unexpected is logged and answered with a generic 500.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    return reply.code(error.statusCode).headers(error.headers).send({ message: error.message, ...error.body });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0];
    const field = issue?.instancePath.replace(/^\//, '').replace(/\//g, '.') || undefined;
    return reply.code(400).send({ message: issue?.message ?? 'Invalid request', ...(field ? { field } : {}) });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.code(status).send({ message: error.message });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
}
