import { zoneOffsetLabel } from '../../shared/timezones/zoned-time';
import { describe, expect, it } from 'vitest';
import { buildSignedInUser } from '../test/test-app';
import { buildGroup, buildGuest, buildRoles, type Rider } from '../test/factories';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();

const validGroup = {
  name: 'Night Riders',
  description: 'After-dark loops',
  location: 'Sydney, NSW, Australia',
  latitude: -33.8688,
  longitude: 151.2093,
  radiusKm: 100,
  membershipApprovalRequired: false,
  timezoneOffset: 'UTC+10:00',
  timezoneName: 'Sydney',
};

describe('POST /api/groups', () => {
  it('creates a group with the creator as owner and first member, and logs the event', async () => {
    const owner = await buildGuest(t);
    const res = await owner.client.post('/api/groups', { ...validGroup, name: 'Coastal Cruisers' });
    expect(res.statusCode).toBe(201);
    const group = res.json();
    expect(group).toMatchObject({
      name: 'Coastal Cruisers',
      slug: 'coastal-cruisers',
      creatorId: owner.user.id,
      memberCount: 1,
      radiusKm: 100,
      membershipApprovalRequired: false,
      // The zone of its place; the spec's offset as Sydney's clocks read today (UTC+11:00 in its summer).
      timezone: 'Australia/Sydney',
      timezoneOffset: zoneOffsetLabel('Australia/Sydney', Date.now()),
      timezoneName: 'Sydney',
      upcomingRides: 0,
      isActive: true,
      membershipStatus: 'owner',
      creator: { userId: owner.user.userId, profileImageUrl: null },
    });
    expect(group.abilities).toMatchObject({ manage: true, delete: true, invite: true, leave: false, join: false });
    const events = await t.app.ctx.db.selectFrom('activity_events').selectAll().where('event', '=', 'group_created').where('user_id', '=', owner.user.id).execute();
    expect(events).toHaveLength(1);
    expect((await owner.client.get('/api/groups')).json().map((g: { id: string }) => g.id)).toContain(group.id);
  });

  it.each([
    [{ name: '' }, 'Group name is required'],
    [{ name: 'x'.repeat(256) }, 'Name too long'],
    [{ name: 'Night-Riders' }, 'Group names cannot contain hyphens (reserved for URLs)'],
    [{ location: '' }, 'Location is required'],
    [{ radiusKm: 0 }, undefined],
    [{ radiusKm: 1001 }, undefined],
    [{ timezoneOffset: 'UTC+05:15' }, 'Please select a valid timezone'],
    [{ timezoneName: ' ' }, 'Timezone name is required'],
  ])('refuses %j with 400 and creates nothing', async (override, message) => {
    const owner = await buildGuest(t);
    const res = await owner.client.post('/api/groups', { ...validGroup, name: `Valid ${Math.random()}`.replace('.', ''), ...override });
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toBe(message);
    expect((await owner.client.get('/api/groups')).json()).toEqual([]);
  });

  it('refuses a name whose URL slug is taken', async () => {
    const a = await buildGuest(t);
    const b = await buildGuest(t);
    await buildGroup(a, { name: 'Alpine Wolves' });
    const res = await b.client.post('/api/groups', { ...validGroup, name: 'alpine   WOLVES!' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already exists/);
  });

  it('needs a session', async () => {
    const { anonymous } = await buildRoles(t);
    expect((await anonymous.post('/api/groups', validGroup)).statusCode).toBe(401);
  });
});

describe('role matrix', () => {
  it('GET /api/groups/{id}/members: members and owner only', async () => {
    const r = await buildRoles(t);
    const path = `/api/groups/${r.group.id}/members`;
    expect((await r.owner.client.get(path)).statusCode).toBe(200);
    expect((await r.member.client.get(path)).statusCode).toBe(200);
    expect((await r.pending.client.get(path)).statusCode).toBe(403);
    expect((await r.outsider.client.get(path)).statusCode).toBe(403);
    expect((await r.anonymous.get(path)).statusCode).toBe(401);
    const members = (await r.member.client.get(path)).json();
    expect(members.map((m: { userId: string }) => m.userId).sort()).toEqual([r.owner.user.userId, r.member.user.userId, r.coOrganizer.user.userId].sort());
    expect(members.find((m: { isOwner: boolean }) => m.isOwner).userId).toBe(r.owner.user.userId);
    expect(Object.fromEntries(members.map((m: { userId: string; role: string }) => [m.userId, m.role]))).toEqual({
      [r.owner.user.userId]: 'owner',
      [r.coOrganizer.user.userId]: 'co_organizer',
      [r.member.user.userId]: 'member',
    });
  });

  it('GET /api/groups/{id}/membership-requests: owner only (403 for the rest)', async () => {
    const r = await buildRoles(t);
    const path = `/api/groups/${r.group.id}/membership-requests`;
    const list = await r.owner.client.get(path);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([expect.objectContaining({ user: expect.objectContaining({ userId: r.pending.user.userId }) })]);
    for (const who of [r.member, r.pending, r.outsider]) expect((await who.client.get(path)).statusCode).toBe(403);
    expect((await r.anonymous.get(path)).statusCode).toBe(401);
  });

  it('PATCH /api/groups/{id}: owner only', async () => {
    const r = await buildRoles(t);
    const path = `/api/groups/${r.group.id}`;
    const body = { membershipApprovalRequired: false, timezoneOffset: 'UTC+05:30', timezoneName: 'Mumbai' };
    for (const who of [r.member, r.pending, r.outsider]) expect((await who.client.patch(path, body)).statusCode).toBe(403);
    expect((await r.anonymous.patch(path, body)).statusCode).toBe(401);
    const res = await r.owner.client.patch(path, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject(body);
    expect((await r.owner.client.patch(path, { timezoneOffset: 'nope' })).statusCode).toBe(400);
  });

  it('DELETE /api/groups/{id}: owner only; removes memberships and requests', async () => {
    const r = await buildRoles(t);
    const path = `/api/groups/${r.group.id}`;
    for (const who of [r.member, r.pending, r.outsider]) expect((await who.client.request('DELETE', path)).statusCode).toBe(403);
    expect((await r.anonymous.request('DELETE', path)).statusCode).toBe(401);
    expect((await r.owner.client.request('DELETE', path)).statusCode).toBe(200);
    expect((await r.owner.client.get(path)).statusCode).toBe(404);
    const left = await t.app.ctx.db.selectFrom('group_members').select('user_id').where('group_id', '=', r.group.id).execute();
    const requests = await t.app.ctx.db.selectFrom('membership_requests').select('id').where('group_id', '=', r.group.id).execute();
    expect(left).toEqual([]);
    expect(requests).toEqual([]);
  });

  it('membership status and abilities per role', async () => {
    const r = await buildRoles(t);
    const path = `/api/groups/${r.group.id}`;
    const statusOf = async (c: { get(u: string): Promise<{ json(): { membershipStatus: string; abilities: { join: boolean } } }> }) => (await c.get(path)).json();
    expect((await statusOf(r.owner.client)).membershipStatus).toBe('owner');
    expect((await statusOf(r.member.client)).membershipStatus).toBe('member');
    expect((await statusOf(r.coOrganizer.client)).membershipStatus).toBe('co_organizer');
    expect((await statusOf(r.pending.client)).membershipStatus).toBe('pending');
    expect((await statusOf(r.outsider.client)).membershipStatus).toBe('none');
    expect((await statusOf(r.outsider.client)).abilities.join).toBe(true);
    const anon = (await r.anonymous.get(path)).json();
    expect(anon).toMatchObject({ membershipStatus: 'none', memberCount: 3, abilities: { join: false } });
  });
});

describe('joining and leaving', () => {
  it('adds a rider to an open group at once and tells the owner', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner);
    const rider = await buildGuest(t);
    const res = await rider.client.post(`/api/groups/${group.id}/join`, { userId: 'ignored' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'member' });
    expect((await rider.client.get(`/api/groups/${group.id}`)).json().memberCount).toBe(2);
    const notes = (await owner.client.get('/api/notifications')).json();
    expect(notes[0]).toMatchObject({ type: 'member_joined', title: 'New Member', message: `${rider.user.userId} joined ${group.name}` });
    expect((await rider.client.post(`/api/groups/${group.id}/join`)).statusCode).toBe(409);
  });

  it('records a request for an approval group; the owner approves or declines', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner, { membershipApprovalRequired: true });
    const a = await buildGuest(t);
    const b = await buildGuest(t);
    const res = await a.client.post(`/api/groups/${group.id}/join`);
    expect(res.json()).toMatchObject({ message: 'Membership request submitted for approval', status: 'pending' });
    await b.client.post(`/api/groups/${group.id}/join`);
    expect((await a.client.get('/api/membership-requests/pending')).json()).toEqual([group.id]);
    expect((await a.client.get('/api/groups')).json()[0]).toMatchObject({ id: group.id, membershipStatus: 'pending' });

    const requests = (await owner.client.get(`/api/groups/${group.id}/membership-requests`)).json();
    const reqA = requests.find((r: { user: { id: string } }) => r.user.id === a.user.id);
    const reqB = requests.find((r: { user: { id: string } }) => r.user.id === b.user.id);
    expect((await owner.client.post(`/api/groups/${group.id}/membership-requests/${reqA.id}/approve`)).statusCode).toBe(200);
    expect((await owner.client.post(`/api/groups/${group.id}/membership-requests/${reqB.id}/reject`)).statusCode).toBe(200);
    expect((await a.client.get('/api/membership-requests/pending')).json()).toEqual([]);
    expect((await a.client.get(`/api/groups/${group.id}`)).json().membershipStatus).toBe('member');
    expect((await b.client.get(`/api/groups/${group.id}`)).json().membershipStatus).toBe('none');
    // A decided request cannot be decided again; a request of another group is not found.
    expect((await owner.client.post(`/api/groups/${group.id}/membership-requests/${reqA.id}/approve`)).statusCode).toBe(404);
  });

  it('lets a member leave, but not the owner', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner);
    const rider = await buildGuest(t);
    await rider.client.post(`/api/groups/${group.id}/join`);
    expect((await rider.client.post(`/api/groups/${group.id}/leave`)).statusCode).toBe(200);
    expect((await rider.client.get(`/api/groups/${group.id}`)).json().membershipStatus).toBe('none');
    const ownerLeaves = await owner.client.post(`/api/groups/${group.id}/leave`);
    expect(ownerLeaves.statusCode).toBe(403);
    expect(ownerLeaves.json().message).toBe('The owner cannot leave their own group');
  });

  it('lets an applicant withdraw a pending request, which the owner then no longer sees', async () => {
    const r = await buildRoles(t);
    expect((await r.pending.client.get('/api/membership-requests/pending')).json()).toEqual([r.group.id]);
    expect((await r.pending.client.post(`/api/groups/${r.group.id}/leave`)).statusCode).toBe(200);
    expect((await r.pending.client.get(`/api/groups/${r.group.id}`)).json().membershipStatus).toBe('none');
    expect((await r.pending.client.get('/api/membership-requests/pending')).json()).toEqual([]);
    expect((await r.owner.client.get(`/api/groups/${r.group.id}/membership-requests`)).json()).toEqual([]);
  });

  it('keeps one membership when the same rider joins twice at once', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner);
    const rider = await buildGuest(t);
    const results = await Promise.all([rider.client.post(`/api/groups/${group.id}/join`), rider.client.post(`/api/groups/${group.id}/join`)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.app.ctx.db.selectFrom('group_members').select('user_id').where('group_id', '=', group.id).where('user_id', '=', rider.user.id).execute();
    expect(rows).toHaveLength(1);
  });
});

describe('finding groups', () => {
  it('searches name, description and location; ignores an empty term', async () => {
    const owner = await buildGuest(t);
    await buildGroup(owner, { name: 'Desert Foxes', location: 'Tucson, Arizona, United States' });
    const viewer = await buildGuest(t);
    expect((await viewer.client.get('/api/groups/search?q=desert')).json().map((g: { name: string }) => g.name)).toContain('Desert Foxes');
    expect((await viewer.client.get('/api/groups/search?q=tucson')).json().map((g: { name: string }) => g.name)).toContain('Desert Foxes');
    expect((await viewer.client.get('/api/groups/search?q=%25')).json()).toEqual([]);
    expect((await viewer.client.get('/api/groups/search?q=')).json()).toEqual([]);
  });

  it('finds names in any script whatever their case, and reads punctuation as the name does (a phone’s ’, a dash)', async () => {
    const owner = await buildGuest(t);
    await buildGroup(owner, { name: 'Мотоклуб Северное Сияние', location: 'Санкт-Петербург' });
    await buildGroup(owner, { name: 'Λέσχη Μοτοσικλετιστών' });
    await buildGroup(owner, { name: "Motoclub Valle dell'Adige — Sezione Storica" });
    const viewer = await buildGuest(t);
    const found = async (q: string) => ((await viewer.client.get(`/api/groups/search?q=${encodeURIComponent(q)}`)).json() as Array<{ name: string }>).map((g) => g.name);
    for (const q of ['Мотоклуб', 'мотоклуб', 'СЕВЕРНОЕ сияние', 'Санкт-Петербург']) expect(await found(q), q).toEqual(['Мотоклуб Северное Сияние']);
    for (const q of ['Λέσχη', 'λέσχη']) expect(await found(q), q).toEqual(['Λέσχη Μοτοσικλετιστών']);
    for (const q of ['Valle dell’Adige', "valle dell'adige sezione", 'Adige Sezione']) expect(await found(q), q).toEqual(["Motoclub Valle dell'Adige — Sezione Storica"]);
  });

  it('finds a group by its place typed in another language ("Florence" or "Florenz" for Firenze, "Munich" for München), or picked in one ("Florence", "Monachium")', async () => {
    const owner = await buildGuest(t);
    await buildGroup(owner, { name: 'Colli Fiorentini', location: 'Firenze, Tuscany, Italy' });
    await buildGroup(owner, { name: 'Isar Kurven', location: 'München' });
    // Places an English and a Polish rider picked: the search writes them in the rider's language.
    await buildGroup(owner, { name: 'Chianti Wanderers', location: 'Florence, Tuscany, Italy' });
    await buildGroup(owner, { name: 'Bawarscy Jeźdźcy', location: 'Monachium, Bawaria, Niemcy' });
    const viewer = await buildGuest(t);
    const found = async (q: string) => ((await viewer.client.get(`/api/groups/search?q=${encodeURIComponent(q)}`)).json() as Array<{ name: string }>).map((g) => g.name);
    for (const q of ['Florence', 'Florenz', 'firenze']) expect(await found(q), q).toContain('Colli Fiorentini');
    for (const q of ['Munich', 'Monaco di Baviera']) expect(await found(q), q).toContain('Isar Kurven');
    expect(await found('Munich')).not.toContain('Colli Fiorentini');
    for (const q of ['Firenze', 'Florenz', 'Florencja']) expect(await found(q), q).toContain('Chianti Wanderers');
    for (const q of ['München', 'Munich', 'Monaco di Baviera']) expect(await found(q), q).toContain('Bawarscy Jeźdźcy');
    expect(await found('Firenze')).not.toContain('Bawarscy Jeźdźcy');
  });

  it('finds a group by its slug or name, 404 otherwise', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner, { name: 'Iron Hawks' });
    expect((await owner.client.get('/api/groups/by-name/iron-hawks')).json().id).toBe(group.id);
    expect((await owner.client.get('/api/groups/by-name/Iron%20Hawks')).json().id).toBe(group.id);
    expect((await owner.client.get('/api/groups/by-name/no-such-group')).statusCode).toBe(404);
  });
});

describe('membership notifications', () => {
  type Note = { id: string; type: string; title: string; message: string; isRead: boolean; subject?: { groupId: string; groupSlug: string; groupName: string; riderHandle: string | null } };
  const notesOf = async (who: Rider): Promise<Note[]> => (await who.client.get('/api/notifications')).json();
  const membershipNotesOf = async (who: Rider) => (await notesOf(who)).filter((n) => n.type.startsWith('membership_'));
  const requestsOf = async (owner: Rider, groupId: string) =>
    (await owner.client.get(`/api/groups/${groupId}/membership-requests`)).json() as Array<{ id: string; user: { id: string } }>;

  it('tells the owner, by handle and never by e-mail, that a rider asks to join, with the group to open', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner, { membershipApprovalRequired: true });
    const rider = await buildSignedInUser(t);
    expect((await rider.client.post(`/api/groups/${group.id}/join`)).json().status).toBe('pending');
    const notes = await notesOf(owner);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      type: 'membership_request',
      title: 'Membership request',
      message: `${rider.user.userId} wants to join ${group.name}`,
      isRead: false,
      subject: { groupId: group.id, groupSlug: group.slug, groupName: group.name, riderHandle: rider.user.userId },
    });
    expect(JSON.stringify(notes)).not.toContain(rider.user.email);
    // The rider is not told of their own request.
    expect(await membershipNotesOf(rider)).toEqual([]);
  });

  it('tells the owner once when the same rider asks twice, one after the other or at once', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner, { membershipApprovalRequired: true });
    const rider = await buildGuest(t);
    const both = await Promise.all([rider.client.post(`/api/groups/${group.id}/join`), rider.client.post(`/api/groups/${group.id}/join`)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const again = await rider.client.post(`/api/groups/${group.id}/join`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Your membership request is already waiting for approval');
    expect((await notesOf(owner)).filter((n) => n.type === 'membership_request')).toHaveLength(1);
  });

  /** An approval group whose owner two riders asked to let in. */
  async function twoAskToJoin() {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner, { membershipApprovalRequired: true });
    const first = await buildGuest(t);
    const second = await buildGuest(t);
    await first.client.post(`/api/groups/${group.id}/join`);
    await second.client.post(`/api/groups/${group.id}/join`);
    return { owner, group, first, second };
  }

  it('takes the owner’s notification back when the rider withdraws before a decision', async () => {
    const { owner, group, first: rider, second: other } = await twoAskToJoin();
    expect(await membershipNotesOf(owner)).toHaveLength(2);
    expect((await rider.client.post(`/api/groups/${group.id}/leave`)).statusCode).toBe(200);
    const left = await membershipNotesOf(owner);
    expect(left.map((n) => n.subject?.riderHandle)).toEqual([other.user.userId]);
    // Asking again announces it again, once.
    await rider.client.post(`/api/groups/${group.id}/join`);
    expect((await membershipNotesOf(owner)).filter((n) => n.subject?.riderHandle === rider.user.userId)).toHaveLength(1);
  });

  it('tells the rider when the owner approves or declines, and settles the owner’s notification', async () => {
    const { owner, group, first: approved, second: declined } = await twoAskToJoin();
    const requests = await requestsOf(owner, group.id);
    const requestOf = (rider: Rider) => requests.find((r) => r.user.id === rider.user.id)!.id;
    await owner.client.post(`/api/groups/${group.id}/membership-requests/${requestOf(approved)}/approve`);
    await owner.client.post(`/api/groups/${group.id}/membership-requests/${requestOf(declined)}/reject`);

    expect(await membershipNotesOf(approved)).toEqual([
      expect.objectContaining({
        type: 'membership_approved',
        title: 'Membership approved!',
        message: `You're now a member of ${group.name}.`,
        isRead: false,
        subject: { kind: 'group', groupId: group.id, groupSlug: group.slug, groupName: group.name, riderHandle: null, rideId: null, rideSlug: null, rideName: null },
      }),
    ]);
    expect(await membershipNotesOf(declined)).toEqual([
      expect.objectContaining({
        type: 'membership_declined',
        title: 'Membership request declined',
        message: `Your request to join ${group.name} was declined`,
        subject: expect.objectContaining({ groupId: group.id }),
      }),
    ]);
    // The owner is not told of their own decisions; the requests they decided no longer wait for them.
    const ownerNotes = await membershipNotesOf(owner);
    expect(ownerNotes.map((n) => n.type)).toEqual(['membership_request', 'membership_request']);
    expect(ownerNotes.every((n) => n.isRead)).toBe(true);
  });

  it('each role sees only their own notifications', async () => {
    const r = await buildRoles(t);
    // buildRoles: the member and the co-organizer asked and were approved, the pending rider asked
    // and waits; the co-organizer, who decides requests too, was told of the pending one.
    const owner = await membershipNotesOf(r.owner);
    expect(owner.map((n) => [n.type, n.subject?.riderHandle, n.isRead])).toEqual([
      ['membership_request', r.pending.user.userId, false],
      ['membership_request', r.coOrganizer.user.userId, true],
      ['membership_request', r.member.user.userId, true],
    ]);
    expect((await membershipNotesOf(r.member)).map((n) => n.type)).toEqual(['membership_approved']);
    expect((await membershipNotesOf(r.coOrganizer)).map((n) => [n.type, n.subject?.riderHandle, n.isRead])).toEqual([
      ['membership_request', r.pending.user.userId, false],
      ['membership_approved', null, false],
    ]);
    expect(await notesOf(r.pending)).toEqual([]);
    expect(await notesOf(r.outsider)).toEqual([]);
    expect(await notesOf(r.guest)).toEqual([]);
    expect((await r.anonymous.get('/api/notifications')).statusCode).toBe(401);
    // Nobody can mark another rider's notification read: it answers like a missing one.
    for (const who of [r.member, r.pending, r.outsider]) {
      expect((await who.client.patch(`/api/notifications/${owner[0]!.id}/read`)).statusCode).toBe(404);
    }
    expect((await membershipNotesOf(r.owner))[0]!.isRead).toBe(false);
  });

  it('deleting the group takes its notifications with it', async () => {
    const r = await buildRoles(t);
    expect(await membershipNotesOf(r.owner)).toHaveLength(3);
    expect(await membershipNotesOf(r.member)).toHaveLength(1);
    await r.owner.client.request('DELETE', `/api/groups/${r.group.id}`);
    expect(await membershipNotesOf(r.owner)).toEqual([]);
    expect(await membershipNotesOf(r.member)).toEqual([]);
  });
});
