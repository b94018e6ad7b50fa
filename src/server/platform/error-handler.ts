import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorCode } from '../../shared/http/error-codes';
import { HttpError, validationParams } from './errors';

/** One field a request's schema refused: where, the schema's message, and its code (the schema's own, or zod's). */
export interface InputIssue {
  field: string;
  message: string;
  code: string;
}

/** The code of a refusal Fastify raises itself (malformed JSON, body too large, unsupported type...). */
function fastifyCode(status: number): ErrorCode {
  if (status === 404) return 'not_found';
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  return 'invalid_request';
}

const fieldOf = (instancePath: string) => instancePath.replace(/^\//, '').replace(/\//g, '.');

/** A custom issue's own code (`params: { code }` in the shared schema), else zod's. */
function issueCode(keyword: string, params: Record<string, unknown>): string {
  const own = (params.params as { code?: unknown } | undefined)?.code;
  return typeof own === 'string' ? own : keyword;
}

/**
 * Every failure leaves as JSON `{ message, code, params? }` (src/shared/http/error-codes.ts).
 * Validation errors are `invalid_input`, naming the field and listing every issue; client errors
 * that Fastify raises itself (malformed JSON, body too large, unsupported type) keep their 4xx
 * status; anything unexpected is logged and answered with a generic 500.
 */
export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    return reply.code(error.statusCode).headers(error.headers).send(error.body);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues: InputIssue[] = error.validation.map((issue) => ({
      field: fieldOf(issue.instancePath),
      message: issue.message ?? 'Invalid request',
      code: issueCode(issue.keyword, issue.params),
    }));
    const first = issues[0];
    const message = first?.message ?? 'Invalid request';
    const params = validationParams(message);
    const body: ErrorBody & { issues: InputIssue[] } = { message, code: 'invalid_input', ...(params && { params }), ...(first?.field ? { field: first.field } : {}), issues };
    return reply.code(400).send(body);
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.code(status).send({ message: error.message, code: fastifyCode(status) } satisfies ErrorBody);
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.', code: 'internal_error' } satisfies ErrorBody);
}
