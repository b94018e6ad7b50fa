import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildRide } from '../test/ride-fixture';
import { FakeCacheStorage } from '../test/fake-cache-storage';
import { keepCatalogsForOffline, ridesToSave } from './offline-rides';

const NOW = Date.parse('2026-12-01T08:00:00.000Z');
const ride = (id: string, groupId: string | null, startDate = '2026-12-05T08:00:00.000Z') => buildRide({ id, groupId, startDate, endDate: startDate, isParticipant: true });

describe('the rides kept for offline', () => {
  it('are the joined rides of the next 14 days, soonest first', () => {
    const later = ride('later', 'g1', '2026-12-10T08:00:00.000Z');
    const soon = ride('soon', 'g1', '2026-12-02T08:00:00.000Z');
    const tooFar = ride('far', 'g1', '2026-12-20T08:00:00.000Z');
    const notJoined = { ...ride('watched', 'g1'), isParticipant: false };
    expect(ridesToSave([later, tooFar, notJoined, soon], NOW).map((r) => r.id)).toEqual(['soon', 'later']);
  });

  it("leave out the rides of a group the rider left (who keeps their seat there), once the rider's groups are known", () => {
    const rides = [ride('kept', 'g1'), ride('left', 'g2'), ride('own', null)];
    expect(ridesToSave(rides, NOW, new Set(['g1'])).map((r) => r.id)).toEqual(['kept', 'own']);
    // The groups unknown (their list could not be read): nothing is left out for it.
    expect(ridesToSave(rides, NOW, null).map((r) => r.id)).toEqual(['kept', 'left', 'own']);
  });
});

/*
 * The catalogs of the rider's language kept for offline (offline-rides.ts): asked for once per build
 * and language, not at every sync. The service worker keeps each it serves (sw.ts, its page-files
 * cache); here a fake network does, as the worker would.
 */

const INDEX = { first: 'first', versions: { en: 'v1' }, groups: ['rides', 'media', 'errors'] };
const ALL = ['first', 'rides', 'media', 'errors'].map((key) => `/assets/messages-en-${key}-v1.js`);

let storage: FakeCacheStorage;
let asked: string[];

beforeEach(() => {
  storage = new FakeCacheStorage(window.location.origin);
  asked = [];
  vi.stubGlobal('caches', storage);
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    const answer = new Response('export const messages = {};', { headers: { 'Content-Type': 'text/javascript' } });
    await (await storage.open('page-files-build1')).put(url, answer.clone());
    return answer;
  });
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'rc-catalogs';
  script.textContent = JSON.stringify(INDEX);
  document.head.append(script);
});

afterEach(() => {
  document.getElementById('rc-catalogs')?.remove();
  vi.unstubAllGlobals();
});

describe('the catalogs kept for offline', () => {
  it('are asked for at the first sync, none at the next (kept for this build and language)', async () => {
    await keepCatalogsForOffline();
    expect(asked).toEqual(ALL);
    await vi.waitFor(() => expect(storage.urls('page-files-build1')).toHaveLength(ALL.length));

    asked = [];
    await keepCatalogsForOffline();
    expect(asked).toEqual([]);
  });

  it('asks again only for what is not kept (a fetch failed offline, a catalog of a new build)', async () => {
    await (await storage.open('page-files-build1')).put(ALL[0]!, new Response(''));
    await (await storage.open('page-files-build1')).put(ALL[2]!, new Response(''));
    await keepCatalogsForOffline();
    expect(asked).toEqual([ALL[1], ALL[3]]);
  });
});
