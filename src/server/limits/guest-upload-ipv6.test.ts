import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { MB } from '../../shared/media/limits';
import type { TestClient } from '../test/test-app';
import { buildGuest } from '../test/factories';
import { useTestApp } from '../test/use-test-app';
import { fileOf, gpxOfSize, multipartBody } from '../media/media.test-helpers';

// Attack round on issue 27.3: the guests' daily upload total is per client address, and an IPv6
// client holds a whole /64 (every home line and rented server has 2^64 addresses to send from).
// Counted per single address, each new guest on a fresh address had the whole total again.

const t = useTestApp({ GUEST_UPLOAD_MB_PER_ADDRESS_PER_DAY: '2', MEDIA_GUEST_QUOTA_MB: '1', MEDIA_QUOTA_MB: '3' });

function uploadFrom(client: TestClient, address: string, bytes: number): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipartBody([{ name: 'associatedType', value: 'profile' }, fileOf(gpxOfSize(bytes), 'ride.gpx', 'application/gpx+xml')]);
  return t.app.inject({ method: 'POST', url: '/api/media', headers: { 'content-type': contentType, cookie: client.cookieHeader!, 'x-forwarded-for': address }, payload });
}

const hex = () => Math.floor(Math.random() * 0xffff).toString(16);

describe('the guest upload total of an IPv6 client', () => {
  it('is shared by every address of its /64, however it is written', async () => {
    const net = `2001:db8:${hex()}:${hex()}`;
    const addresses = [`${net}::1`, `${net}:0:0:0:2`, `${net}:a:b:c:d`, `${net.toUpperCase()}::3`];
    for (const address of addresses.slice(0, 3)) expect((await uploadFrom((await buildGuest(t)).client, address, 0.6 * MB)).statusCode).toBe(201);
    // 1.8 MB of the /64's 2 MB are spent: another address of it gets no fresh total.
    expect((await uploadFrom((await buildGuest(t)).client, addresses[3]!, 0.6 * MB)).statusCode).toBe(413);
    // Another /64, and an IPv4 client, are not held back by it.
    expect((await uploadFrom((await buildGuest(t)).client, `2001:db8:${hex()}:${hex()}::1`, 0.6 * MB)).statusCode).toBe(201);
  });

  it('counts an IPv4 client written as an IPv4-mapped IPv6 address as that IPv4 address', async () => {
    const v4 = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
    for (let i = 0; i < 3; i++) expect((await uploadFrom((await buildGuest(t)).client, v4, 0.6 * MB)).statusCode).toBe(201);
    expect((await uploadFrom((await buildGuest(t)).client, `::ffff:${v4}`, 0.6 * MB)).statusCode).toBe(413);
  });
});
