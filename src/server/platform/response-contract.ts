import { z } from 'zod';
import type { FastifyBaseLogger, FastifySerializerCompiler, RouteOptions } from 'fastify';
import { errorSchema } from '../../shared/http/responses';
import { JsonText } from './json-text';

/**
 * What happens when an answer does not match its route's response schema:
 * - 'enforce' (the tests): the request fails with a 500 and the mismatch is printed, so the test
 *   that made the answer fails;
 * - 'log' (production): the mismatch is logged once per route and place in the answer, and the
 *   answer is sent exactly as the service made it. A rider never gets a 500 for a field the
 *   contract forgot, and no field is dropped: zod's own serializer would strip every key the schema
 *   does not name (or throw, for a strict schema), and the web could lose a field it reads.
 */
export type ResponseContractMode = 'enforce' | 'log';

/** Why an answer is outside its schema, in words, without the answer's values (they may be private). */
export function describeMismatch(route: string, error: z.ZodError): string {
  return `${route} answered outside its schema:\n${z.prettifyError(error)}`;
}

/**
 * The serializer compiler for every route's response schemas (app.ts). A JSON answer is checked
 * against its schema and sent with JSON.stringify, unchanged. An answer already serialized
 * (JsonText: the ride and finder lists, put together from stored cards for speed) is sent as its
 * text: in production it is not parsed at all, in the tests it is parsed and checked like any other.
 */
export function responseSerializerCompiler(mode: ResponseContractMode, log: FastifyBaseLogger): FastifySerializerCompiler<z.ZodType> {
  const reported = new Set<string>();
  return ({ schema, method, url, httpStatus }) => {
    const route = `${method} ${url} (${httpStatus})`;
    const check = (data: unknown) => {
      const result = schema.safeParse(data);
      if (result.success) return;
      if (mode === 'enforce') {
        const message = describeMismatch(route, result.error);
        console.error(message);
        throw new Error(message);
      }
      // Array indexes are left out of the key, so a list's mismatch is reported once, not once per item.
      const places = result.error.issues.map((issue) => `${issue.path.map((step) => (typeof step === 'number' ? '*' : String(step))).join('.')}: ${issue.code}`);
      const key = `${route} ${places.join(' ')}`;
      if (reported.has(key)) return;
      reported.add(key);
      log.warn({ route, issues: result.error.issues.map(({ path, code, message }) => ({ path, code, message })) }, 'an answer does not match its response schema (sent unchanged)');
    };
    return (data: unknown) => {
      if (data instanceof JsonText) {
        if (mode === 'enforce') check(JSON.parse(data.text));
        return data.text;
      }
      check(data);
      return JSON.stringify(data);
    };
  };
}

/**
 * An onRoute hook: every route that declares its answers also declares the one error body all
 * failures share (platform/error-handler.ts), so the OpenAPI document shows it and the tests check it.
 */
export function declareErrorAnswers(route: RouteOptions): void {
  const response = route.schema?.response as Record<string, unknown> | undefined;
  if (!response) return;
  response['4xx'] ??= errorSchema;
  response['5xx'] ??= errorSchema;
}
