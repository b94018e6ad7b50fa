/**
 * The rider's rides saved for reading offline (issue 32 point 3), kept by the service worker in the
 * cache `saved-answers`: for each ride the answers its page asks for (the ride, its comments, its
 * route, its media list, every navigator file and its calendar file, listed by the page in
 * app/offline-rides.ts) and, read from its media list, each GPX the organizer uploaded (the parsed track
 * for the map and the file itself). Each answer carries the time it was saved (SAVED_AT_HEADER), so
 * the offline banner says when the data was saved, not when the page read it. Every page of the
 * comments is saved (earlierCommentsUrl), within the caps.
 *
 * An index (INDEX_KEY, in the same cache) says which answers belong to which ride, so that a sync
 * (the rider's whole list of the next 14 days) deletes what is no longer the rider's: a ride left, a
 * group left or removed from, a ride past. Sizes are capped (SAVE_CAPS).
 */

export const SAVED_ANSWERS = 'saved-answers';
/** When the answer was saved, in milliseconds since 1970 (lib/online.ts reads it with the same name). */
export const SAVED_AT_HEADER = 'X-Saved-At';
const INDEX_KEY = '/__saved-rides.json';

/** The rider's own answer: who the saved answers belong to. */
export const CURRENT_RIDER = '/api/users/current';

/** What the rider's pages always need to start: saved with every ride. */
export const ALWAYS_SAVED = [CURRENT_RIDER, '/api/app-config'];

/**
 * Caps, so a phone's storage is never filled by a club's rides: at most 20 rides (soonest first), a
 * file over 2 MB is not kept (a GPX track of a long day is about 1 MB), at most 4 MB per ride and
 * 25 MB in all. What does not fit is read from the server as before.
 */
export const SAVE_CAPS = { rides: 20, fileBytes: 2 * 1024 * 1024, rideBytes: 4 * 1024 * 1024, totalBytes: 25 * 1024 * 1024 };

/** A ride to save: its key (the ride's id) and the answers its page asks for. */
export interface RideToSave {
  key: string;
  urls: string[];
}

interface SavedRide {
  urls: string[];
  bytes: number;
  savedAt: number;
}

/** A ride just saved: `complete` when every answer its page asks for was read (none failed). */
type FreshRide = SavedRide & { complete: boolean };

export type SavedIndex = Record<string, SavedRide>;

/** Only the app's own API answers and media files are saved, whatever a message asks. */
export function isSavable(url: string, origin: string): boolean {
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin && (parsed.pathname.startsWith('/api/') || parsed.pathname.startsWith('/media/files/'));
  } catch {
    return false;
  }
}

/** The rides of a message, checked (a message is data from a page, read with care). */
export function ridesOf(value: unknown, origin: string): RideToSave[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    const ride = item as Partial<RideToSave> | null;
    if (!ride || typeof ride.key !== 'string' || !Array.isArray(ride.urls)) return [];
    const urls = ride.urls.filter((url): url is string => typeof url === 'string' && isSavable(url, origin));
    return [{ key: ride.key, urls }];
  });
}

/** The answers no kept ride (nor ALWAYS_SAVED) names any more, once `index` keeps only `keep`. */
export function answersToDelete(index: SavedIndex, keep: ReadonlySet<string>): string[] {
  const kept = new Set(ALWAYS_SAVED);
  for (const [key, ride] of Object.entries(index)) if (keep.has(key)) ride.urls.forEach((url) => kept.add(url));
  const gone = new Set<string>();
  for (const [key, ride] of Object.entries(index)) if (!keep.has(key)) ride.urls.filter((url) => !kept.has(url)).forEach((url) => gone.add(url));
  return [...gone];
}

/** The GPX files of a ride's media list: the parsed track the map asks for and the file itself. */
export function gpxUrlsOf(mediaList: unknown): string[] {
  if (!Array.isArray(mediaList)) return [];
  return mediaList.flatMap((item: unknown) => {
    const media = item as { id?: unknown; url?: unknown; gpx?: unknown; mimeType?: unknown } | null;
    const isGpx = media?.gpx != null || (typeof media?.mimeType === 'string' && media.mimeType.includes('gpx'));
    if (!isGpx || typeof media?.id !== 'string' || typeof media.url !== 'string') return [];
    return [`/api/media/${encodeURIComponent(media.id)}/gpx`, media.url];
  });
}

/**
 * A ride's comments come a page at a time (the newest 50 first): the address of the page before
 * this one, as the page asks for it (api/rides.ts getRideComments), or null when it was the first.
 * Every page is saved, within the ride's caps, so the whole conversation reads offline.
 */
export function earlierCommentsUrl(path: string, page: unknown): string | null {
  const base = /^(\/api\/rides\/[^/?]+\/comments)(\?before=[^&]*)?$/.exec(path)?.[1];
  const read = page as { hasEarlier?: unknown; comments?: Array<{ id?: unknown }> } | null;
  const first = Array.isArray(read?.comments) ? read.comments[0]?.id : undefined;
  return base && read?.hasEarlier === true && typeof first === 'string' ? `${base}?before=${encodeURIComponent(first)}` : null;
}

const pathOf = (url: string, origin: string) => {
  const parsed = new URL(url, origin);
  return parsed.pathname + parsed.search;
};

async function readIndex(cache: Cache): Promise<SavedIndex> {
  const answer = await cache.match(INDEX_KEY);
  return answer ? ((await answer.json().catch(() => ({}))) as SavedIndex) : {};
}

const writeIndex = (cache: Cache, index: SavedIndex) => cache.put(INDEX_KEY, new Response(JSON.stringify(index), { headers: { 'Content-Type': 'application/json' } }));

/** The answer as kept: its body, its headers and the time it was saved. */
export async function stamped(response: Response, savedAt = Date.now()): Promise<{ answer: Response; bytes: number }> {
  const body = await response.blob();
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT_HEADER, String(savedAt));
  return { answer: new Response(body, { status: response.status, statusText: response.statusText, headers }), bytes: body.size };
}

/** Fetches and keeps one answer, if it fits in `room` bytes; the bytes kept, or null. */
async function saveAnswer(cache: Cache, url: string, room: number): Promise<number | null> {
  const response = await fetch(url, { credentials: 'same-origin', cache: 'no-store' }).catch(() => null);
  if (!response?.ok) return null;
  const length = Number(response.headers.get('Content-Length'));
  if (length > Math.min(room, SAVE_CAPS.fileBytes)) return null;
  const { answer, bytes } = await stamped(response);
  if (bytes > Math.min(room, SAVE_CAPS.fileBytes)) return null;
  await cache.put(url, answer);
  return bytes;
}

/** Saves one ride's answers, and the GPX files its media list names, within the caps. */
async function saveRide(cache: Cache, origin: string, ride: RideToSave, totalRoom: number): Promise<FreshRide> {
  const saved: FreshRide = { urls: [], bytes: 0, savedAt: Date.now(), complete: true };
  const pending = [...ride.urls];
  for (let url = pending.shift(); url !== undefined; url = pending.shift()) {
    const path = pathOf(url, origin);
    const bytes = await saveAnswer(cache, path, Math.min(SAVE_CAPS.rideBytes - saved.bytes, totalRoom - saved.bytes));
    if (bytes === null) {
      saved.complete = false;
      continue;
    }
    saved.urls.push(path);
    saved.bytes += bytes;
    if (path.startsWith('/api/media?')) {
      const list: unknown = await (await cache.match(path))?.json().catch(() => null);
      pending.push(...gpxUrlsOf(list).filter((file) => isSavable(file, origin)));
    }
    if (path.startsWith('/api/rides/') && path.includes('/comments')) {
      const earlier = earlierCommentsUrl(path, await (await cache.match(path))?.json().catch(() => null));
      // After the files: what does not fit in the ride's caps is the oldest comments, which the page says it lacks.
      if (earlier && !saved.urls.includes(earlier)) pending.push(earlier);
    }
  }
  return saved;
}

/**
 * Saves these rides (soonest first). With `replace` they are the rider's whole list: every other
 * saved ride is deleted (left, removed from its group, past). Without, they are added (a ride joined).
 */
export async function saveRides(origin: string, rides: RideToSave[], replace: boolean): Promise<void> {
  // A rider with nothing to keep keeps nothing (not even their own answers).
  if (rides.length === 0 && !(await caches.has(SAVED_ANSWERS))) return;
  const cache = await caches.open(SAVED_ANSWERS);
  const index = await readIndex(cache);
  const wanted = rides.slice(0, SAVE_CAPS.rides);
  if (replace) {
    const keep = new Set(wanted.map((ride) => ride.key));
    await forget(cache, index, keep);
  }
  for (const url of ALWAYS_SAVED) await saveAnswer(cache, url, SAVE_CAPS.fileBytes);
  for (const ride of wanted) {
    const others = Object.entries(index).reduce((sum, [key, kept]) => (key === ride.key ? sum : sum + kept.bytes), 0);
    if (others >= SAVE_CAPS.totalBytes) break;
    const before = index[ride.key];
    const { complete, ...fresh } = await saveRide(cache, origin, ride, SAVE_CAPS.totalBytes - others);
    index[ride.key] = keptAfterSave(before, fresh, complete);
    // Answers of the ride's former save it no longer names (a GPX file deleted since).
    if (before && complete) for (const url of before.urls.filter((url) => !fresh.urls.includes(url))) await cache.delete(url);
  }
  await writeIndex(cache, index);
}

/**
 * What is kept of a ride after saving it again: the fresh save when every answer was read; else (the
 * server stopped halfway, a file refused) the fresh answers with the former ones, which stay readable.
 */
export function keptAfterSave(before: SavedRide | undefined, fresh: SavedRide, complete: boolean): SavedRide {
  if (!before || complete) return fresh;
  return { urls: [...new Set([...fresh.urls, ...before.urls])], bytes: Math.max(fresh.bytes, before.bytes), savedAt: Math.min(fresh.savedAt, before.savedAt) };
}

async function forget(cache: Cache, index: SavedIndex, keep: ReadonlySet<string>): Promise<void> {
  for (const url of answersToDelete(index, keep)) await cache.delete(url);
  for (const key of Object.keys(index)) if (!keep.has(key)) delete index[key];
}

/** Deletes these rides' answers (a ride the rider left). */
export async function forgetRides(keys: readonly string[]): Promise<void> {
  if (!(await caches.has(SAVED_ANSWERS))) return;
  const cache = await caches.open(SAVED_ANSWERS);
  const index = await readIndex(cache);
  await forget(cache, index, new Set(Object.keys(index).filter((key) => !keys.includes(key))));
  await writeIndex(cache, index);
}

/** The saved copy of a request's answer, if there is one. */
export async function savedCopy(request: Request): Promise<Response | undefined> {
  if (!(await caches.has(SAVED_ANSWERS))) return undefined;
  return (await caches.open(SAVED_ANSWERS)).match(request, { ignoreVary: true });
}

/** A fresh answer replaces its saved copy (with the new time), when there is one. */
export async function refreshCopy(request: Request, response: Response): Promise<void> {
  if (!response.ok || !(await caches.has(SAVED_ANSWERS))) return;
  const cache = await caches.open(SAVED_ANSWERS);
  if (!(await cache.match(request, { ignoreVary: true }))) return;
  await cache.put(request.url, (await stamped(response)).answer);
}

/** A proxy's answer for a server that is down (502 to 504, not the app's own JSON refusal). */
export function serverDown(response: Response): boolean {
  return response.status > 501 && response.status < 505 && !(response.headers.get('Content-Type') ?? '').includes('json');
}

/**
 * Whether a fresh answer of the current rider (CURRENT_RIDER) names another rider than its saved copy:
 * the session the saved answers belong to has ended. A device put out by "Sign out other devices"
 * sees no 401: its next page asks for the current rider first, and that answer makes it a new guest.
 */
export async function anotherRider(saved: Response | undefined, fresh: Response): Promise<boolean> {
  if (!saved || !fresh.ok) return false;
  const idOf = async (response: Response) => ((await response.clone().json().catch(() => null)) as { id?: unknown } | null)?.id;
  const [before, now] = await Promise.all([idOf(saved), idOf(fresh)]);
  return typeof before === 'string' && typeof now === 'string' && before !== now;
}
