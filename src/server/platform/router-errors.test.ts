import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

// Attack round on issue 27.7: the router answers some addresses itself, before any route or hook:
// a path with a broken %-escape (FST_ERR_BAD_URL) and a parameter longer than the router takes
// (FST_ERR_MAX_PARAM_LENGTH, a 414, which a cache may keep by heuristic). Those answers came out
// with no Cache-Control, none of the security headers and Fastify's own body.

const t = await createTestApp({});
afterAll(async () => t.close());

describe('answers the router gives before any route', () => {
  it('are private, no-store, JSON with a message, and carry the security headers', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/rides/%zz' }),
      await t.app.inject({ method: 'GET', url: '/api/groups/%E0%A4%A/bans' }),
      await t.app.inject({ method: 'DELETE', url: `/api/groups/${'x'.repeat(600)}/bans/y` }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([400, 400, 414]);
    for (const res of answers) {
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.json()).toMatchObject({ message: expect.any(String) });
    }
  });
});
