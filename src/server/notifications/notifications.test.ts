import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { buildSignedInUser, randomIp, TestClient, tokenFromMail } from '../test/test-app';
import { openEventStream } from '../test/event-stream';
import { buildGroup, buildGuest, tellRider } from '../test/factories';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();

describe('recorded notifications and GET /api/notifications', () => {
  it('stores notifications for one rider and lists them newest first', async () => {
    const { client, user } = await buildGuest(t);
    const other = await buildGuest(t);
    // Only the clock is fake, and only here: the second notification is a second younger, not a sleep later.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await tellRider(t.app.ctx, user.id, 'ride_created', { ride: 'Sunday Twisties' });
      vi.setSystemTime(Date.now() + 1000);
      await tellRider(t.app.ctx, user.id, 'poll_created', { poll: 'Alps trip' });
    } finally {
      vi.useRealTimers();
    }
    await tellRider(t.app.ctx, other.user.id, 'member_joined', { rider: 'someone', group: 'Club' });

    const list = (await client.get('/api/notifications')).json();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ type: 'poll_created', title: 'New Poll Created', message: 'Vote on: Alps trip', isRead: false });
    expect(list[1]).toMatchObject({ type: 'ride_created', isRead: false });
    // Spec 1 section 3's fields, and the type's parameters the texts are written from (issue 30 point 1).
    expect(Object.keys(list[0]).sort()).toEqual(['createdAt', 'id', 'isRead', 'message', 'params', 'title', 'type']);
    expect(list[0].params).toEqual({ poll: 'Alps trip' });
  });

  it('needs a session', async () => {
    expect((await new TestClient(t.app).get('/api/notifications')).statusCode).toBe(401);
  });
});

describe('PATCH /api/notifications/{id}/read', () => {
  it('marks the rider’s own notification read', async () => {
    const { client, user } = await buildGuest(t);
    const n = await tellRider(t.app.ctx, user.id, 'ride_reminder', { ride: 'Coast run', daysLeft: 1 });
    expect((await client.patch(`/api/notifications/${n.id}/read`)).statusCode).toBe(200);
    expect((await client.get('/api/notifications')).json()[0].isRead).toBe(true);
  });

  it('answers 404 for someone else’s notification and leaves it unread', async () => {
    const owner = await buildGuest(t);
    const intruder = await buildGuest(t);
    const n = await tellRider(t.app.ctx, owner.user.id, 'media_uploaded', { rider: 'x' });
    const res = await intruder.client.patch(`/api/notifications/${n.id}/read`);
    expect(res.statusCode).toBe(404);
    expect((await intruder.client.patch('/api/notifications/does-not-exist/read')).statusCode).toBe(404);
    expect((await owner.client.get('/api/notifications')).json()[0].isRead).toBe(false);
  });

  it('needs a session', async () => {
    expect((await new TestClient(t.app).patch('/api/notifications/x/read')).statusCode).toBe(401);
  });
});

describe('GET /api/notifications/stream', () => {
  it('pushes a notification created on the server to the rider’s open page, and to no one else', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const { client, user } = await buildGuest(t);
    const other = await buildGuest(t);

    const received: string[] = [];
    const open = (cookie: string, sink: string[]) =>
      new Promise<http.ClientRequest>((resolve) => {
        const req = http.get({ port, host: '127.0.0.1', path: '/api/notifications/stream', headers: { cookie } }, (res) => {
          expect(res.headers['content-type']).toMatch(/text\/event-stream/);
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => sink.push(chunk));
          resolve(req);
        });
      });
    const otherReceived: string[] = [];
    const mine = await open(client.cookie!, received);
    const theirs = await open(other.client.cookie!, otherReceived);

    const n = await tellRider(t.app.ctx, user.id, 'member_joined', { rider: 'gravelwolf1234', group: 'Night Riders' });
    await expect.poll(() => received.join('')).toContain('event: notification');
    const data = received.join('').split('\n').find((line) => line.startsWith('data: '))!;
    expect(JSON.parse(data.slice(6))).toEqual({ id: n.id, type: 'member_joined', title: 'New Member', message: 'gravelwolf1234 joined Night Riders', params: { rider: 'gravelwolf1234', group: 'Night Riders' }, isRead: false, createdAt: n.createdAt });
    expect(otherReceived.join('')).not.toContain('event: notification');
    mine.destroy();
    theirs.destroy();
  });

  it('pushes a membership request to the owner live, with its subject, and takes it back when it is withdrawn', async () => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const owner = await buildGuest(t);
    const rider = await buildGuest(t);
    const group = await buildGroup(owner, { membershipApprovalRequired: true });
    const open = (cookie: string, sink: string[]) =>
      new Promise<http.ClientRequest>((resolve) => {
        const req = http.get({ port, host: '127.0.0.1', path: '/api/notifications/stream', headers: { cookie } }, (res) => {
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => sink.push(chunk));
          resolve(req);
        });
      });
    const ownerChunks: string[] = [];
    const riderChunks: string[] = [];
    const ownerStream = await open(owner.client.cookie!, ownerChunks);
    const riderStream = await open(rider.client.cookie!, riderChunks);
    const events = () =>
      ownerChunks
        .join('')
        .split('\n\n')
        .filter((block) => block.startsWith('event: '))
        .map((block) => ({ event: block.split('\n')[0]!.slice(7), data: JSON.parse(block.split('\n')[1]!.slice(6)) as Record<string, unknown> }));

    await rider.client.post(`/api/groups/${group.id}/join`);
    await expect.poll(() => events().length).toBe(1);
    const handle = rider.user.userId;
    const pushed = events()[0]!;
    expect(pushed.event).toBe('notification');
    expect(pushed.data).toMatchObject({
      type: 'membership_request',
      title: 'Membership request',
      message: `${handle} wants to join ${group.name}`,
      subject: { kind: 'group', groupId: group.id, groupSlug: group.slug, groupName: group.name, riderHandle: handle, rideId: null, rideSlug: null, rideName: null },
    });
    // What was pushed is what the list reads.
    expect((await owner.client.get('/api/notifications')).json()).toEqual([pushed.data]);

    await rider.client.post(`/api/groups/${group.id}/leave`);
    await expect.poll(() => events().length).toBe(2);
    expect(events()[1]).toEqual({
      event: 'notification-removed',
      data: { id: pushed.data.id, type: 'membership_request', subject: pushed.data.subject },
    });
    expect((await owner.client.get('/api/notifications')).json()).toEqual([]);
    expect(riderChunks.join('')).not.toContain('event: ');
    ownerStream.destroy();
    riderStream.destroy();
  });

  it('stops when its session ends: a browser signed out elsewhere hears nothing more of the account', async () => {
    const rider = await buildSignedInUser(t);
    // A second browser of the same account (say, someone who got in through the mailbox).
    const other = new TestClient(t.app);
    await other.post('/api/auth/magic-link', { email: rider.user.email }, { 'x-forwarded-for': randomIp() });
    await other.post('/api/auth/verify-magic-link', { token: tokenFromMail(t.mail, rider.user.email), confirm: true });
    const stream = await openEventStream(t.app, other.cookie!);
    await tellRider(t.app.ctx, rider.user.id, 'member_joined', { rider: 'before', group: 'Night Riders' });
    await expect.poll(() => stream.text()).toContain('before joined');

    expect((await rider.client.post('/api/auth/sessions/sign-out-others')).statusCode).toBe(200);
    await tellRider(t.app.ctx, rider.user.id, 'member_joined', { rider: 'after', group: 'Night Riders' });
    await expect.poll(() => stream.ended()).toBe(true);
    expect(stream.text()).not.toContain('after joined');
    stream.close();
  });

  it('refuses a visitor without a session', async () => {
    expect((await new TestClient(t.app).get('/api/notifications/stream')).statusCode).toBe(401);
  });
});
