import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { createTestApp, type TestApp } from './test-app';
import { RESPONSE_SCHEMAS } from './response-contract';

const routes: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { onRoute: (route: RouteOptions) => void (Array.isArray(route.method) ? route.method : [route.method]).forEach((m) => routes.push(`${m} ${route.url}`)) });
});
afterAll(async () => t.close());

describe('the response contract', () => {
  it('names only routes the app has, so no answer escapes its check by a misspelt key', () => {
    expect(Object.keys(RESPONSE_SCHEMAS).filter((key) => !routes.includes(key))).toEqual([]);
  });
});
