import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteOptions } from 'fastify';
import { createTestApp, type TestApp } from './test-app';
import { contractGaps } from './route-contract';
import { API_DOCS_PATH, OPENAPI_PATH } from '../platform/api-docs';

const routes: RouteOptions[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { onRoute: (route: RouteOptions) => void routes.push(route) });
});
afterAll(async () => t.close());

const methodsOf = (route: RouteOptions) => (Array.isArray(route.method) ? route.method : [route.method]);
/** The API's own routes: not the OpenAPI document and its page, nor the HEAD twins Fastify adds to GET routes. */
const apiRoutes = () => routes.filter((route) => !route.schema?.hide && !(methodsOf(route).length === 1 && methodsOf(route)[0] === 'HEAD' && routes.some((other) => other !== route && other.url === route.url && methodsOf(other).includes('GET'))));

describe('the API contract', () => {
  it('has every route declare its successful answer, with a schema that says something, and its address parameters', () => {
    const gaps = apiRoutes().flatMap((route) => contractGaps(route).map((gap) => `${methodsOf(route).join('/')} ${route.url}: ${gap}`));
    expect(gaps).toEqual([]);
  });

  it('finds a route without a response schema, and one that accepts anything', () => {
    const handler = () => undefined;
    expect(contractGaps({ method: 'GET', url: '/api/things', handler })).toEqual(['no response schema for its successful answer']);
    expect(contractGaps({ method: 'GET', url: '/api/things/:id', handler, schema: { response: { 200: z.unknown() } } })).toEqual([
      'its 200 answer accepts anything',
      'no schema for its address parameters',
    ]);
    expect(contractGaps({ method: 'GET', url: '/api/things', handler, schema: { response: { 200: z.object({}) } } })).toEqual(['its 200 answer accepts anything']);
    expect(contractGaps({ method: 'GET', url: '/api/things', handler, schema: { response: { 200: z.object({}).strict() } } })).toEqual([]);
  });

  it('is published as OpenAPI, every route with its answers, and files and streams with their content types', async () => {
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const document = res.json<{ openapi: string; paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>> }>();
    expect(document.openapi).toMatch(/^3\./);
    const operations = Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation })));
    const expected = apiRoutes().flatMap((route) => methodsOf(route).map((m) => `${m.toLowerCase()} ${route.url.replace(/:(\w+)/g, '{$1}')}`));
    expect(operations.map(({ method, path }) => `${method} ${path}`).sort()).toEqual([...new Set(expected)].sort());
    for (const { operation } of operations) expect(Object.keys(operation.responses).some((status) => status.startsWith('2'))).toBe(true);
    const contentTypes = (method: string, path: string) => Object.keys(document.paths[path]![method]!.responses['200']!.content ?? {});
    expect(contentTypes('get', '/api/rides/{id}/calendar.ics')).toEqual(['text/calendar']);
    expect(contentTypes('get', '/api/notifications/stream')).toEqual(['text/event-stream']);
    expect(contentTypes('get', '/api/rides/{id}/export')).toEqual(['application/gpx+xml', 'text/plain']);
    expect(contentTypes('get', '/api/rides/{id}')).toEqual(['application/json']);
    // Printed for the record (the decision record counts the documented operations).
    console.info(`OpenAPI: ${operations.length} operations on ${Object.keys(document.paths).length} paths`);
  });

  it('has a page for integrators, under the app\'s own CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API_DOCS_PATH}/` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger-ui');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });
});
