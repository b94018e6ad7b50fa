import { describe, expect, it } from 'vitest';
import { type TestClient } from '../test/test-app';
import { buildGroup, buildGuest, buildRide, groupBody, rideBody, type Rider } from '../test/factories';
import { fileOf, PHOTO, postMultipart } from '../media/media.test-helpers';
import { useTestApp } from '../test/use-test-app';

const t = useTestApp();

type GroupAnswer = { id: string; name: string; slug: string };
type RideAnswer = { id: string; name: string; slug: string; groupSlug: string | null };

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const groupAt = (client: TestClient, slug: string) => client.get(`/api/groups/by-name/${encodeURIComponent(slug)}`);
const rideAt = (client: TestClient, groupSlug: string, rideSlug: string) => client.get(`/api/groups/${encodeURIComponent(groupSlug)}/rides/${encodeURIComponent(rideSlug)}`);
const createGroup = async (owner: Rider, name: string) => owner.client.post('/api/groups', groupBody({ name }));

describe('slugs for names in any script', () => {
  it('gives Cyrillic, Japanese, Arabic and emoji names distinct readable slugs that lead back to their group and rides', async () => {
    const owner = await buildGuest(t);
    const names = ['Мотоклуб Москва', '東京ライダーズ', 'نادي الدراجات النارية', '🏍️🔥', '🔥🔥'];
    const groups: GroupAnswer[] = [];
    for (const name of names) groups.push(await buildGroup(owner, { name }));

    expect(groups.map((g) => g.slug).slice(0, 3)).toEqual(['motoklub-moskva', 'dong-jing-raidazu', 'ndy-ldrjt-lnry']);
    expect(groups[3]!.slug).toMatch(/^group-[0-9a-f]{8}$/);
    expect(new Set(groups.map((g) => g.slug)).size).toBe(names.length);
    for (const group of groups) {
      expect(group.slug).toMatch(SLUG);
      // The card links to /groups/{slug}; that page reads the group by it.
      const res = await groupAt(owner.client, group.slug);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: group.id, name: group.name, slug: group.slug });
    }
    const listed = (await owner.client.get('/api/groups')).json() as GroupAnswer[];
    expect(listed.filter((g) => groups.some((c) => c.id === g.id)).every((g) => SLUG.test(g.slug))).toBe(true);

    const ride = await buildRide(owner, groups[0]!.id, { name: 'Воскресная поездка' });
    expect(ride.slug).toBe('voskresnaya-poezdka');
    const emojiRide = await buildRide(owner, groups[3]!.id, { name: '🌄' });
    expect(emojiRide.slug).toMatch(/^ride-[0-9a-f]{8}$/);
    expect((await rideAt(owner.client, groups[0]!.slug, ride.slug)).json()).toMatchObject({ id: ride.id, groupSlug: groups[0]!.slug });
    expect((await rideAt(owner.client, groups[3]!.slug, emojiRide.slug)).json()).toMatchObject({ id: emojiRide.id });
  });

  it('finds a group by the name as typed, in any script', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner, { name: 'Байкеры Казани' });
    expect((await groupAt(owner.client, 'Байкеры Казани')).json().id).toBe(group.id);
    expect((await groupAt(owner.client, 'байкеры казани')).json().id).toBe(group.id);
  });

  it('accepts a second group whose name differs even where the slugs would clash, and refuses the same name', async () => {
    const a = await buildGuest(t);
    const b = await buildGuest(t);
    const first = await buildGroup(a, { name: 'Ночные Волки' });
    const second = await createGroup(b, 'Ночные Совы');
    expect(second.statusCode).toBe(201);
    const latin = await createGroup(b, 'Nochnye Volki');
    expect(latin.statusCode).toBe(201);
    expect(latin.json().slug).toBe('nochnye-volki-2');
    expect(first.slug).toBe('nochnye-volki');

    const same = await createGroup(b, '  НОЧНЫЕ   волки!');
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe('A group with this name already exists. Please choose another name.');
  });

  it('keeps one group when the same new name is sent twice at once', async () => {
    const owner = await buildGuest(t);
    const answers = await Promise.all([createGroup(owner, 'Горные Орлы'), createGroup(owner, 'горные орлы')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('old addresses after a rename', () => {
  it('leads the old group slug, and rides under it, to the renamed group', async () => {
    const owner = await buildGuest(t);
    const outsider = await buildGuest(t);
    const group = await buildGroup(owner, { name: 'Harbour Loopers' });
    const ride = await buildRide(owner, group.id, { name: 'Dawn Patrol' });

    const renamed = await owner.client.patch(`/api/groups/${group.id}`, { name: 'Портовые Петли' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Портовые Петли', slug: 'portovye-petli' });

    for (const client of [owner.client, outsider.client]) {
      expect((await groupAt(client, 'harbour-loopers')).json()).toMatchObject({ id: group.id, slug: 'portovye-petli' });
      expect((await rideAt(client, 'harbour-loopers', ride.slug)).json()).toMatchObject({ id: ride.id, groupSlug: 'portovye-petli' });
    }
    // Rides listed after the rename carry the new address.
    const cards = (await owner.client.get(`/api/groups/${group.id}/rides`)).json() as RideAnswer[];
    expect(cards[0]!.groupSlug).toBe('portovye-petli');
  });

  it('lets only the owner rename, under the same name rule', async () => {
    const owner = await buildGuest(t);
    const member = await buildGuest(t);
    const group = await buildGroup(owner, { name: 'Ridge Runners' });
    await buildGroup(owner, { name: 'Valley Crawlers' });
    await member.client.post(`/api/groups/${group.id}/join`);

    expect((await member.client.patch(`/api/groups/${group.id}`, { name: 'Mine Now' })).statusCode).toBe(403);
    const taken = await owner.client.patch(`/api/groups/${group.id}`, { name: 'valley crawlers' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A group with this name already exists. Please choose another name.');
    const hyphen = await owner.client.patch(`/api/groups/${group.id}`, { name: 'Ridge-Runners' });
    expect(hyphen.statusCode).toBe(400);
    // A change of case only is a rename that keeps the address.
    expect((await owner.client.patch(`/api/groups/${group.id}`, { name: 'RIDGE RUNNERS' })).json()).toMatchObject({ name: 'RIDGE RUNNERS', slug: 'ridge-runners' });
  });

  it('leads every earlier ride slug to the renamed ride; a new ride does not take an address a ride still answers to', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner);
    const ride = await buildRide(owner, group.id, { name: 'Sunday Twisties' });
    expect(ride.slug).toBe('sunday-twisties');

    expect((await owner.client.patch(`/api/rides/${ride.id}`, { name: 'Воскресные Серпантины' })).json()).toMatchObject({ slug: 'voskresnye-serpantiny' });
    expect((await owner.client.patch(`/api/rides/${ride.id}`, { name: 'Sunday Coffee Run' })).json()).toMatchObject({ slug: 'sunday-coffee-run' });

    for (const oldSlug of ['sunday-twisties', 'voskresnye-serpantiny']) {
      const res = await rideAt(owner.client, group.slug, oldSlug);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: ride.id, name: 'Sunday Coffee Run', slug: 'sunday-coffee-run', groupSlug: group.slug });
    }

    const newcomer = await buildRide(owner, group.id, { name: 'Sunday Twisties' });
    expect(newcomer.slug).toBe('sunday-twisties-2');
    expect((await rideAt(owner.client, group.slug, 'sunday-twisties')).json().id).toBe(ride.id);

    // Renaming back takes the ride's own old address again.
    expect((await owner.client.patch(`/api/rides/${ride.id}`, { name: 'Sunday Twisties' })).json()).toMatchObject({ slug: 'sunday-twisties' });
    expect((await rideAt(owner.client, group.slug, 'sunday-coffee-run')).json().id).toBe(ride.id);
    expect((await rideAt(owner.client, group.slug, 'no-such-ride')).statusCode).toBe(404);
  });

  it('gives two rides renamed to the same name at once different addresses, or refuses one', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner);
    const rides = [await buildRide(owner, group.id), await buildRide(owner, group.id)];
    const answers = await Promise.all(rides.map((ride) => owner.client.patch(`/api/rides/${ride.id}`, { name: 'Same Name Run' })));
    for (const res of answers) expect([200, 409]).toContain(res.statusCode);
    const slugs = await Promise.all(rides.map(async (ride) => ((await owner.client.get(`/api/rides/${ride.id}`)).json() as RideAnswer).slug));
    expect(new Set(slugs).size).toBe(2);
    expect(slugs).toContain('same-name-run');
  });

  it('forgets the old addresses with the group', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner, { name: 'Short Lived' });
    const ride = await buildRide(owner, group.id, { name: 'Only Ride' });
    await owner.client.patch(`/api/rides/${ride.id}`, { name: 'Renamed Ride' });
    await owner.client.patch(`/api/groups/${group.id}`, { name: 'Still Short Lived' });
    expect((await owner.client.delete(`/api/groups/${group.id}`)).statusCode).toBe(200);
    expect((await groupAt(owner.client, 'short-lived')).statusCode).toBe(404);
    expect((await rideAt(owner.client, 'short-lived', 'only-ride')).statusCode).toBe(404);
    const again = await buildGroup(owner, { name: 'Short Lived' });
    expect(again.slug).toBe('short-lived');
  });
});

describe('invisible and direction-changing characters in names', () => {
  const HIDDEN = '\u202E\u200B\u2066\uFEFF\u2069\u200F';

  it('are removed from group, ride and poll names', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner, { name: `${HIDDEN}Night\u200B Owls\u202E` });
    expect(group).toMatchObject({ name: 'Night Owls', slug: 'night-owls' });
    expect((await owner.client.patch(`/api/groups/${group.id}`, { name: '\u2067Night Owls Club\u2069' })).json().name).toBe('Night Owls Club');

    const ride = (await owner.client.post('/api/rides', rideBody(group.id, { name: `Moon\u200BRide${HIDDEN}` }))).json() as RideAnswer;
    expect(ride.name).toBe('MoonRide');
    expect((await owner.client.patch(`/api/rides/${ride.id}`, { name: '\uFEFFMoon Ride\u202C' })).json().name).toBe('Moon Ride');

    const poll = await owner.client.post('/api/polls', pollBody(group.id, `\u202EAlps${HIDDEN} weekend`));
    expect(poll.statusCode).toBe(201);
    expect(poll.json().title).toBe('Alps weekend');
  });

  it('keep the joiners that emoji and Persian words need', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner, { name: 'موتورسواران می\u200Cروند 👩\u200D👧' });
    expect(group.name).toBe('موتورسواران می\u200Cروند 👩\u200D👧');
    expect(group.slug).toMatch(SLUG);
  });

  it('leave a name of nothing else empty: the required message', async () => {
    const owner = await buildGuest(t);
    const group = await buildGroup(owner);
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/api/groups', groupBody({ name: HIDDEN }), 'Group name is required'],
      ['/api/rides', rideBody(group.id, { name: HIDDEN }), 'Ride name is required'],
      ['/api/polls', pollBody(group.id, ` ${HIDDEN} `), 'Poll title is required'],
    ];
    for (const [url, body, message] of cases) {
      const res = await owner.client.post(url, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toContain(message);
    }
    const rename = await owner.client.patch(`/api/groups/${group.id}`, { name: HIDDEN });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().message).toContain('Group name is required');
    expect((await owner.client.get(`/api/groups/${group.id}`)).json().name).toBe(group.name);
  });

  it('are removed from handles and display names', async () => {
    const rider = await buildGuest(t);
    const handle = `rider${Date.now().toString(36)}`;
    const res = await rider.client.patch(`/api/users/${rider.user.id}`, { userId: `\u202E${handle}\u200B`, firstName: 'Ana\u2066\u200F', lastName: '\uFEFFRossi' });
    expect(res.statusCode).toBe(200);
    const current = (await rider.client.get('/api/users/current')).json();
    expect(current).toMatchObject({ userId: handle, firstName: 'Ana', lastName: 'Rossi' });

    const invisible = await rider.client.patch(`/api/users/${rider.user.id}`, { userId: HIDDEN });
    expect(invisible.statusCode).toBe(400);
    expect(invisible.json().message).toContain('User ID must be at least 3 characters');
  });

  it('are removed from uploaded file names', async () => {
    const rider = await buildGuest(t);
    const res = await postMultipart(t, '/api/media', rider.client, [
      { name: 'type', value: 'avatar' },
      { name: 'associatedType', value: 'user_avatar' },
      { name: 'associatedId', value: rider.user.id },
      fileOf(PHOTO, 'holiday\u202Egpj.exe\u200B.jpg'),
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().originalName).toBe('holidaygpj.exe.jpg');
  });
});

function pollBody(groupId: string, title: string) {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return {
    title,
    destination: 'Bormio',
    durationDays: 2,
    deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    groupId,
    proposedDates: [`${day(10)}T00:00:00.000Z`],
  };
}
