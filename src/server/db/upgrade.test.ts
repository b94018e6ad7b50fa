import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import SQLite from './sqlite-driver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSignedInUser, createTestApp, freshPostgresDatabase, type TestApp } from '../test/test-app';
import { sql } from 'kysely';
import { sqliteFile } from './database';
import { instantToLocal } from '../../shared/timezones/zoned-time';

// A database written by an earlier release upgrades to today's schema with every rider's data
// readable through the API. The fixture (test-data/upgrade, see docs/data.md "Backups, upgrades and crashes")
// holds the schema and rows an earlier commit's migrations and API wrote; the app migrates it to
// the latest migration at start, whatever migrations have been added since.

const pgBase = process.env.TEST_DATABASE_URL;
const fixtureDir = path.resolve('test-data/upgrade', pgBase ? 'postgres' : 'sqlite');

interface Expected {
  users: Array<{ email: string; id: string }>;
  groups: Array<{ id: string; name: string }>;
  rides: Array<{ id: string; name: string }>;
  comments: Array<{ id: string; rideId: string; content: string }>;
  polls: Array<{ id: string; groupId: string; title: string }>;
  media: Array<{ id: string }>;
}

const expected = JSON.parse(fs.readFileSync(path.join(fixtureDir, 'expected.json'), 'utf8')) as Expected;

/** Loads the fixture's SQL into a new data directory (SQLite) or a new database; returns the app's env. */
async function loadFixture(dataDir: string): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const dump = fs.readFileSync(path.join(fixtureDir, 'database.sql'), 'utf8');
  fs.cpSync(path.join(fixtureDir, 'media'), path.join(dataDir, 'media'), { recursive: true });
  if (!pgBase) {
    const sqlite = new SQLite(sqliteFile(dataDir));
    sqlite.exec(dump);
    sqlite.close();
    return { env: { DATA_DIR: dataDir }, drop: async () => {} };
  }
  const database = await freshPostgresDatabase(pgBase);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  // pg_dump's psql meta-commands (\restrict) are for psql; the rest is plain SQL.
  await client.query(dump.split('\n').filter((line) => !line.startsWith('\\')).join('\n'));
  await client.end();
  return { env: { DATA_DIR: dataDir, DATABASE_URL: database.url }, drop: database.drop };
}

describe('upgrading a database of an earlier release', () => {
  let t: TestApp;
  let drop: () => Promise<void>;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rc-upgrade-'));

  beforeAll(async () => {
    const fixture = await loadFixture(dataDir);
    drop = fixture.drop;
    t = await createTestApp(fixture.env);
  });

  afterAll(async () => {
    await t?.close();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const signIn = async (index: number) => {
    const rider = await buildSignedInUser(t, expected.users[index]!.email);
    expect(rider.user.id).toBe(expected.users[index]!.id);
    return rider;
  };

  it('keeps every rider, group, ride, comment, poll and media item readable through the API', async () => {
    const owner = await signIn(0);
    const member = await signIn(1);

    for (const group of expected.groups) {
      const res = await member.client.get(`/api/groups/${group.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: group.id, name: group.name });
      const members = (await owner.client.get(`/api/groups/${group.id}/members`)).json() as Array<{ id: string }>;
      expect(members.map((m) => m.id)).toEqual(expect.arrayContaining(expected.users.map((u) => u.id)));
      expect((await owner.client.get(`/api/groups/${group.id}/membership-requests`)).json()).toHaveLength(1);
      expect((await owner.client.get(`/api/groups/${group.id}/invitations`)).json()).toHaveLength(1);
    }
    for (const ride of expected.rides) {
      const res = await member.client.get(`/api/rides/${ride.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: ride.id, name: ride.name });
    }
    for (const comment of expected.comments) {
      const res = await member.client.get(`/api/rides/${comment.rideId}/comments`);
      expect(res.statusCode).toBe(200);
      expect(JSON.stringify(res.json())).toContain(comment.content);
    }
    for (const poll of expected.polls) {
      const polls = (await member.client.get(`/api/groups/${poll.groupId}/polls`)).json() as Array<{ id: string; title: string; yesCount: number }>;
      expect(polls).toContainEqual(expect.objectContaining({ id: poll.id, title: poll.title, yesCount: 1 }));
    }
    for (const item of expected.media) {
      const res = await owner.client.get(`/api/media/${item.id}`);
      expect(res.statusCode).toBe(200);
      const { url } = res.json() as { url: string };
      const file = await owner.client.get(url);
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.length).toBeGreaterThan(0);
    }
  });

  it('gives each group and ride the zone of its place and keeps the wall-clock time each ride showed (migration 033)', async () => {
    const member = await signIn(1);
    // The fixture's group and ride are in Bologna, stored on fixed offsets (the ride on UTC+00:00).
    for (const group of expected.groups) {
      expect((await member.client.get(`/api/groups/${group.id}`)).json()).toMatchObject({ timezone: 'Europe/Rome' });
    }
    for (const ride of expected.rides) {
      const shown = await sql<{ start_date: string }>`select start_date from rides where id = ${ride.id}`.execute(t.app.ctx.db);
      const answer = (await member.client.get(`/api/rides/${ride.id}`)).json() as { startDate: string; endDate: string; timezone: string; timezoneOffset: string };
      expect(answer).toMatchObject({ timezone: 'Europe/Rome', timezoneOffset: 'UTC+01:00' });
      expect(answer.startDate).toBe(shown.rows[0]!.start_date);
      // 16:00 on 28 November as the page showed it (on UTC+00:00), now 16:00 in Rome: 15:00Z; the day ends in Rome.
      expect(instantToLocal(answer.startDate, 'Europe/Rome')).toEqual({ day: '2026-11-28', time: '16:00' });
      expect(answer.endDate).toBe('2026-11-28T22:59:59.999Z');
    }
  });

  it('keeps the notifications riders were sent', async () => {
    const owner = await signIn(0);
    const member = await signIn(1);
    for (const rider of [owner, member]) {
      const stored = await t.app.ctx.db.selectFrom('notifications').select('id').where('user_id', '=', rider.user.id).execute();
      const res = await rider.client.get('/api/notifications');
      expect(res.statusCode).toBe(200);
      const listed = res.json() as Array<{ id: string }>;
      expect(stored.length).toBeGreaterThan(0);
      expect(listed.map((n) => n.id).sort()).toEqual(stored.map((n) => n.id).sort());
    }
  });

  it('migrates the stored notifications to type and parameters, read back word for word (issue 30 point 1)', async () => {
    const owner = await signIn(0);
    const member = await signIn(1);
    const stored = await t.app.ctx.db.selectFrom('notifications').select(['id', 'type', 'title', 'message', 'params', 'item_count']).execute();
    // Every row whose text is one of its type's templates now has parameters (the older "uploaded new media" said no count).
    expect(stored.filter((row) => row.params === null).map((row) => row.message)).toEqual(stored.filter((row) => / uploaded new media$/.test(row.message)).map((row) => row.message));
    expect(stored.filter((row) => row.params !== null).length).toBeGreaterThan(3);
    const listed = [...((await owner.client.get('/api/notifications')).json() as Array<{ id: string; title: string; message: string }>), ...((await member.client.get('/api/notifications')).json() as Array<{ id: string; title: string; message: string }>)];
    for (const row of stored) {
      expect(listed.find((n) => n.id === row.id)).toMatchObject({ title: row.title, message: row.message });
    }
  });
});
