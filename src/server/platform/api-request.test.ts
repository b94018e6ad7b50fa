import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/use-test-app';
import { buildGuest } from '../test/factories';

// The router decodes the path, so /%61pi/... reaches the API's routes: such a request must get the
// same origin check, session and write limits as /api/... (platform/api-request.ts).

const t = useTestApp({ WRITE_LIMIT_PER_ADDRESS: '3' });

describe('API paths written with percent-escapes', () => {
  it('keep the session: the rider is read, not replaced by a new guest', async () => {
    const rider = await buildGuest(t);
    const res = await t.app.inject({ method: 'GET', url: '/%61pi/users/current', headers: { cookie: rider.client.cookie! } });
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(rider.user.id);
    expect(res.cookies).toEqual([]);
  });

  it('are refused from another site', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/ap%69/auth/logout', headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: 'Cross-site requests are not allowed' });
  });

  it('count toward the write limits', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/%61pi/auth/logout', remoteAddress: '192.0.2.77', headers: { 'x-forwarded-for': '192.0.2.77' } });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(3)).toEqual([429, 429]);
  });
});
