/**
 * Place names as the app shows them (spec 2 section 9): at most 3 parts, Australian states abbreviated.
 */

export const MAX_LOCATION_NAME_PARTS = 3;

const AUSTRALIAN_STATES: Record<string, string> = {
  'new south wales': 'NSW',
  queensland: 'QLD',
  victoria: 'VIC',
  'western australia': 'WA',
  'south australia': 'SA',
  tasmania: 'TAS',
  'northern territory': 'NT',
  'australian capital territory': 'ACT',
};

/** "New South Wales" -> "NSW"; any other text (including an already short "NSW") is returned unchanged. */
export function abbreviateAustralianState(state: string): string {
  const key = state.trim().replace(/\s+/g, ' ').toLowerCase();
  return AUSTRALIAN_STATES[key] ?? state.trim();
}

function cleanParts(parts: ReadonlyArray<string | null | undefined>): string[] {
  const out: string[] = [];
  for (const raw of parts) {
    const part = raw?.trim().replace(/\s+/g, ' ');
    if (!part) continue;
    // Only a state is abbreviated, never the place itself: Victoria, British Columbia stays "Victoria".
    const short = out.length === 0 ? part : abbreviateAustralianState(part);
    // "Sydney, Sydney, NSW" or a repeated city/state name says nothing new.
    if (out.some((p) => p.toLowerCase() === short.toLowerCase())) continue;
    out.push(short);
  }
  return out;
}

/** A postcode or house number on its own ("2000", "75007", "SW1A 1AA") is not worth one of the 3 parts. */
function isCodeLike(part: string): boolean {
  return /^\d[\d\s-]*$/.test(part) || /^[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}$/i.test(part);
}

/**
 * Shortens a long geocoder display name ("Sydney, Council of the City of Sydney, New South Wales, 2000,
 * Australia") to at most 3 parts: the first (the place itself) and the last two (usually state and
 * country), dropping postcodes and repeats, with Australian states abbreviated: "Sydney, NSW, Australia".
 */
export function shortenLocationName(displayName: string, maxParts = MAX_LOCATION_NAME_PARTS): string {
  const all = displayName.split(',').map((p) => p.trim());
  // A house number leads its street: "10, Downing Street" is one part, "10 Downing Street".
  if (all.length > 1 && /^\d+[a-z]?$/i.test(all[0]!)) all.splice(0, 2, `${all[0]} ${all[1]}`);
  const first = all[0] ?? '';
  const rest = cleanParts(all.slice(1).filter((p) => !isCodeLike(p)));
  const parts = cleanParts([first, ...rest]);
  if (parts.length <= maxParts) return parts.join(', ');
  return [parts[0], ...parts.slice(parts.length - (maxParts - 1))].join(', ');
}

export interface LocationNameParts {
  /** The place itself: a town, a suburb, a point of interest. */
  name?: string | null;
  /** The town or city it belongs to, when that differs from the name. */
  locality?: string | null;
  state?: string | null;
  country?: string | null;
}

/**
 * Builds the short name from structured parts: the place, then its town (or, for a town itself, its
 * state), then its country. "Sydney, NSW, Australia"; "Tour Eiffel, Paris, France".
 */
export function composeLocationName(parts: LocationNameParts): string {
  const name = parts.name?.trim() || parts.locality?.trim() || '';
  const locality = parts.locality?.trim();
  const second = locality && locality.toLowerCase() !== name.toLowerCase() ? locality : parts.state;
  return cleanParts([name, second, parts.country]).slice(0, MAX_LOCATION_NAME_PARTS).join(', ');
}
