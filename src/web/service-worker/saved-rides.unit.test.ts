import { describe, expect, it } from 'vitest';
import { anotherRider, answersToDelete, earlierCommentsUrl, gpxUrlsOf, isSavable, keptAfterSave, ridesOf, serverDown, stamped, SAVED_AT_HEADER } from './saved-rides';

const ORIGIN = 'https://roadcaptain.example';

describe('rides saved for offline', () => {
  it('saves only the app\'s own API answers and media files, whatever a message asks', () => {
    expect(isSavable('/api/rides/1/comments', ORIGIN)).toBe(true);
    expect(isSavable('/media/files/a.gpx', ORIGIN)).toBe(true);
    expect(isSavable('https://elsewhere.example/api/rides/1', ORIGIN)).toBe(false);
    expect(isSavable('/assets/index.js', ORIGIN)).toBe(false);
    expect(ridesOf([{ key: 'r1', urls: ['/api/rides/r1', 'https://elsewhere.example/x', 3] }, { key: 4 }, null], ORIGIN)).toEqual([{ key: 'r1', urls: ['/api/rides/r1'] }]);
    expect(ridesOf('nothing', ORIGIN)).toEqual([]);
  });

  it("a sync deletes the answers only the rides no longer the rider's named, never one a kept ride or every page needs", () => {
    const index = {
      kept: { urls: ['/api/rides/kept', '/api/route?points=1,1;2,2'], bytes: 10, savedAt: 1 },
      gone: { urls: ['/api/rides/gone', '/api/route?points=1,1;2,2', '/media/files/gone.gpx', '/api/users/current'], bytes: 10, savedAt: 1 },
    };
    expect(answersToDelete(index, new Set(['kept']))).toEqual(['/api/rides/gone', '/media/files/gone.gpx']);
    expect(answersToDelete(index, new Set())).toEqual(['/api/rides/kept', '/api/route?points=1,1;2,2', '/api/rides/gone', '/media/files/gone.gpx']);
  });

  it('follows a ride\'s comments page to the page before it, as the page asks for it, until there is none', () => {
    const page = (first: string, hasEarlier: boolean) => ({ comments: [{ id: first }, { id: 'later' }], hasEarlier });
    expect(earlierCommentsUrl('/api/rides/r1/comments', page('c51', true))).toBe('/api/rides/r1/comments?before=c51');
    expect(earlierCommentsUrl('/api/rides/r1/comments?before=c51', page('c a', true))).toBe('/api/rides/r1/comments?before=c%20a');
    expect(earlierCommentsUrl('/api/rides/r1/comments?before=c1', page('c1', false))).toBeNull();
    expect(earlierCommentsUrl('/api/rides/r1', page('c51', true))).toBeNull();
    expect(earlierCommentsUrl('/api/rides/r1/comments', { comments: [], hasEarlier: true })).toBeNull();
    expect(earlierCommentsUrl('/api/rides/r1/comments', null)).toBeNull();
  });

  it('reads the GPX files of a media list: the parsed track and the file, not the photos', () => {
    const list = [
      { id: 'g1', url: '/media/files/g1.gpx', mimeType: 'application/gpx+xml', gpx: { summary: {} } },
      { id: 'p1', url: '/media/files/p1.jpg', mimeType: 'image/jpeg', gpx: null },
    ];
    expect(gpxUrlsOf(list)).toEqual(['/api/media/g1/gpx', '/media/files/g1.gpx']);
    expect(gpxUrlsOf({ error: 'nope' })).toEqual([]);
  });

  it('stamps a saved answer with the time it was saved, keeping its headers', async () => {
    const { answer, bytes } = await stamped(new Response('{"a":1}', { headers: { 'Content-Type': 'application/json', 'Content-Disposition': 'attachment' } }), 1_790_000_000_000);
    expect(answer.headers.get(SAVED_AT_HEADER)).toBe('1790000000000');
    expect(answer.headers.get('Content-Disposition')).toBe('attachment');
    expect(bytes).toBe(7);
    expect(await answer.text()).toBe('{"a":1}');
  });

  it("counts a proxy's 502 to 504 as the server down, not the app's own refusal", () => {
    expect(serverDown(new Response('Bad Gateway', { status: 502, headers: { 'Content-Type': 'text/html' } }))).toBe(true);
    expect(serverDown(new Response('', { status: 504 }))).toBe(true);
    expect(serverDown(new Response('{"code":"x"}', { status: 503, headers: { 'Content-Type': 'application/json' } }))).toBe(false);
    expect(serverDown(new Response('', { status: 500 }))).toBe(false);
  });
});

describe('saving a ride again', () => {
  const before = { urls: ['/api/rides/r1', '/media/files/old.gpx'], bytes: 100, savedAt: 1 };
  it('replaces the former save when every answer was read (a GPX deleted since goes)', () => {
    expect(keptAfterSave(before, { urls: ['/api/rides/r1'], bytes: 50, savedAt: 2 }, true)).toEqual({ urls: ['/api/rides/r1'], bytes: 50, savedAt: 2 });
  });
  it('keeps the former answers when the server stopped halfway: nothing readable is lost', () => {
    expect(keptAfterSave(before, { urls: [], bytes: 0, savedAt: 2 }, false)).toEqual({ urls: ['/api/rides/r1', '/media/files/old.gpx'], bytes: 100, savedAt: 1 });
  });

  it("knows a session ended when the current rider's answer names another rider than the saved copy", async () => {
    const rider = (id: unknown, status = 200) => new Response(JSON.stringify({ id, userId: 'rider' }), { status, headers: { 'Content-Type': 'application/json' } });
    expect(await anotherRider(rider('a'), rider('b'))).toBe(true);
    expect(await anotherRider(rider('a'), rider('a'))).toBe(false);
    // Nothing saved, a refusal, or an answer that cannot be read: nothing to tell.
    expect(await anotherRider(undefined, rider('b'))).toBe(false);
    expect(await anotherRider(rider('a'), rider('b', 500))).toBe(false);
    expect(await anotherRider(rider('a'), new Response('<html>'))).toBe(false);
    // The fresh answer is still whole for the page.
    const fresh = rider('b');
    await anotherRider(rider('a'), fresh);
    expect(await fresh.json()).toEqual({ id: 'b', userId: 'rider' });
  });
});
