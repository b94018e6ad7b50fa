import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, TestClient, type TestApp } from '../test/test-app';

// Attack round: the per-address write limit (and the new-guest limit, counted the same way) was
// kept per single address, and an IPv6 client sends from any of its /64's 2^64 addresses.

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(Date.now() - (Date.now() % 60_000));
});
afterEach(() => {
  vi.useRealTimers();
});

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

async function guest(app: TestApp): Promise<TestClient> {
  const client = new TestClient(app.app);
  expect((await client.get('/api/users/current')).statusCode).toBe(200);
  return client;
}

describe('write limit per client address, IPv6', () => {
  it('counts every address of one /64 together; another /64 is not limited', async () => {
    t = await createTestApp({ WRITE_LIMIT_PER_ADDRESS: '8' });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const from = { 'x-forwarded-for': `2001:db8:77:1:${(i + 1).toString(16)}::${i + 7}` };
      statuses.push((await (await guest(t)).post('/api/users/mark-welcome-seen', undefined, from)).statusCode);
    }
    expect(statuses).toEqual([...Array(8).fill(200), ...Array(4).fill(429)]);
    expect((await (await guest(t)).post('/api/users/mark-welcome-seen', undefined, { 'x-forwarded-for': '2001:db8:77:2::1' })).statusCode).toBe(200);
  });
});
