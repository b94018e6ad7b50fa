import { describe, expect, it } from 'vitest';
import { buildRide, buildRoles } from '../test/factories';
import { createStorage } from '../platform/storage';
import { housekeepingJobs } from '../housekeeping';
import { useTestApp } from '../test/use-test-app';
import { fileOf, gpxFixture, postMultipart } from './media.test-helpers';

// Issue 29 point 9: a GPX with a track and a route of the same road counted it twice. Files
// uploaded before the fix keep the summary stored then; the job `refresh-gpx-summaries` reads
// each such stored file again and writes its summary (and map data) as an upload now would.

const t = useTestApp();

interface Summary {
  distanceKm: number;
  trackCount: number;
  routeCount: number;
}

const refresh = () => housekeepingJobs(t.app.ctx).find((job) => job.name === 'refresh-gpx-summaries')!.run() as Promise<number>;

async function uploadBaseCamp() {
  const r = await buildRoles(t);
  const ride = await buildRide(r.owner, r.group.id);
  const res = await postMultipart(t, '/api/media', r.owner.client, [
    { name: 'associatedType', value: 'ride' },
    { name: 'associatedId', value: ride.id },
    fileOf(gpxFixture('gpsbabel-basecamp.gpx'), 'basecamp.gpx', 'application/gpx+xml'),
  ]);
  expect(res.statusCode).toBe(201);
  return { ...r, media: res.json() as { id: string; filename?: string } };
}

/** The row as a release before the fix stored it: its distance the track's and the route's added up, and no reader mark. */
async function storeAsBeforeTheFix(mediaId: string, doubledKm: number) {
  const row = await t.app.ctx.db.selectFrom('media').select(['gpx_info', 'gpx_data']).where('id', '=', mediaId).executeTakeFirstOrThrow();
  const { reader: _reader, ...info } = JSON.parse(row.gpx_info!) as { summary: Summary; reader?: number };
  const data = JSON.parse(row.gpx_data!) as { summary: Summary };
  await t.app.ctx.db
    .updateTable('media')
    .set({ gpx_info: JSON.stringify({ ...info, summary: { ...info.summary, distanceKm: doubledKm } }), gpx_data: JSON.stringify({ ...data, summary: { ...data.summary, distanceKm: doubledKm } }) })
    .where('id', '=', mediaId)
    .execute();
}

const summaryOf = async (client: { get: (url: string) => Promise<{ json: () => unknown }> }, mediaId: string) => ((await client.get(`/api/media/${mediaId}`)).json() as { gpx: { summary: Summary } }).gpx.summary;
const drawnSummaryOf = async (client: { get: (url: string) => Promise<{ json: () => unknown }> }, mediaId: string) => ((await client.get(`/api/media/${mediaId}/gpx`)).json() as { summary: Summary }).summary;

describe('GPX summaries stored before the track-over-route fix', () => {
  it('are read again from the stored file: the BaseCamp file shows 4.38 km again, not 8.75; once', async () => {
    const { owner, member, media } = await uploadBaseCamp();
    expect((await summaryOf(owner.client, media.id)).distanceKm).toBeCloseTo(4.38, 2);
    await storeAsBeforeTheFix(media.id, 8.75);
    expect((await summaryOf(owner.client, media.id)).distanceKm).toBe(8.75);

    expect(await refresh()).toBeGreaterThanOrEqual(1);
    expect(await summaryOf(owner.client, media.id)).toMatchObject({ distanceKm: expect.closeTo(4.38, 2), trackCount: 1, routeCount: 1 });
    expect((await summaryOf(member.client, media.id)).distanceKm).toBeCloseTo(4.38, 2);
    expect((await drawnSummaryOf(owner.client, media.id)).distanceKm).toBeCloseTo(4.38, 2);
    // Read once: the next run finds nothing to do.
    expect(await refresh()).toBe(0);
  });

  it('keeps the stored summary of a file that is gone or no longer reads, and does not try it again', async () => {
    const { owner, media } = await uploadBaseCamp();
    await storeAsBeforeTheFix(media.id, 8.75);
    const { filename } = await t.app.ctx.db.selectFrom('media').select('filename').where('id', '=', media.id).executeTakeFirstOrThrow();
    await createStorage(t.app.ctx.config).delete(filename);
    await refresh();
    expect((await summaryOf(owner.client, media.id)).distanceKm).toBe(8.75);
    expect(await refresh()).toBe(0);
  });
});
