import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, randomIp, type TestApp } from '../test/test-app';
import { MAGIC_LINKS_PER_IP_PER_HOUR } from '../auth/link-rate-limits.service';

// TRUST_PROXY decides whose X-Forwarded-For is believed. The per-address sign-in limit (20 links an
// hour) shows which address the server took as the client's.

let t: TestApp | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});


/** Asks for `count` sign-in links (each for a new address) from a socket peer with the given X-Forwarded-For; the statuses in order. */
async function askForLinks(app: TestApp, count: number, peer: string, forwardedFor: () => string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      remoteAddress: peer,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor() },
      payload: JSON.stringify({ email: `rider-${crypto.randomBytes(4).toString('hex')}@example.com` }),
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

const accepted = (statuses: number[]) => statuses.filter((s) => s === 200).length;

describe('client addresses (TRUST_PROXY)', () => {
  it('without TRUST_PROXY ignores X-Forwarded-For: a forged header per request still meets the limit at 20', async () => {
    t = await createTestApp({ TRUST_PROXY: '' });
    const statuses = await askForLinks(t, 30, '192.0.2.10', randomIp);
    expect(accepted(statuses)).toBe(MAGIC_LINKS_PER_IP_PER_HOUR);
    expect(statuses.slice(MAGIC_LINKS_PER_IP_PER_HOUR)).toEqual(Array(30 - MAGIC_LINKS_PER_IP_PER_HOUR).fill(429));
  });

  it('with a hop count takes the address the proxy appended, not what the client put before it', async () => {
    t = await createTestApp({ TRUST_PROXY: '1' });
    // The client forges a new address each time; the proxy (the socket's peer) appends the real one.
    const statuses = await askForLinks(t, 25, '198.51.100.20', () => `${randomIp()}, 203.0.113.5`);
    expect(accepted(statuses)).toBe(MAGIC_LINKS_PER_IP_PER_HOUR);
    // Another client behind the same proxy is a different address, not limited.
    expect(await askForLinks(t, 1, '198.51.100.20', () => '203.0.113.6')).toEqual([200]);
  });

  it('with proxy addresses/CIDRs honours X-Forwarded-For only from those peers', async () => {
    t = await createTestApp({ TRUST_PROXY: '198.51.100.0/24,::1' });
    // From the trusted proxy: each request is its own client.
    expect(accepted(await askForLinks(t, 25, '198.51.100.20', randomIp))).toBe(25);
    // From the trusted proxy, a forged entry before the proxy's is still not believed.
    expect(accepted(await askForLinks(t, 25, '198.51.100.20', () => `${randomIp()}, 203.0.113.7`))).toBe(MAGIC_LINKS_PER_IP_PER_HOUR);
    // Straight from an untrusted peer: the header is ignored and the peer's address is limited.
    expect(accepted(await askForLinks(t, 25, '192.0.2.50', randomIp))).toBe(MAGIC_LINKS_PER_IP_PER_HOUR);
  });

  it('the test app states that it sits behind a trusting proxy (TRUST_PROXY=true)', async () => {
    t = await createTestApp();
    expect(t.config.trustProxy).toBe(true);
    expect(accepted(await askForLinks(t, 25, '192.0.2.10', randomIp))).toBe(25);
  });
});
