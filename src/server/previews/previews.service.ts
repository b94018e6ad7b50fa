import type { IncomingHttpHeaders } from 'node:http';
import type { I18n } from '@lingui/core';
import type { AppContext } from '../context';
import { escapeHtml } from '../platform/html';
import { stripInvisible } from '../../shared/text/name-text';
import { notFound } from '../platform/errors';
import { acceptedLanguages, formattingLocale, type Locale } from '../../shared/i18n/locales';
import { rideStops } from '../../shared/rides/ride-time';
import type { Ride } from '../../shared/rides/ride';
import type { Group } from '../../shared/groups/group';
import type { PublicProfile } from '../../shared/users/profile';
import { i18nFor } from '../i18n/i18n.service';
import { getRide } from '../rides/rides.service';
import { getRideBySlugs } from '../rides/ride-lists.service';
import { findGroupByName } from '../groups/groups.service';
import { getPublicProfile } from '../users/profile.service';
import { knownRoad } from '../routing/routing.service';
import type { FastifyRequest } from 'fastify';
import { createStorage } from '../platform/storage';
import { storageKeyOfFileUrl as photoKey } from '../media/media.service';
import { APP_CARD_VERSION, drawAppCard, drawRidePicture, fitPhoto, photoVersion, pictureVersion, PREVIEW_HEIGHT, PREVIEW_WIDTH, type PhotoKind, type RoutePicture } from './preview-image';
import { keptPicture, pictureKey, type PictureFormat } from './picture-cache';
import { bytesOf, type PictureSubject } from './picture-store.service';

/*
 * Link previews (issue 32 points 6 and 7): the Open Graph and Twitter card tags the server writes
 * into a page's HTML, for chat apps that read them and run no script. They are computed as for an
 * anonymous visitor, always, whoever asks (the request's session is never read), through the same
 * services and policies as the API's answers to a visitor without a session: what such a visitor may
 * not see (or what does not exist) previews as the app alone, with noindex. docs/behaviour/previews.md.
 */

/** What the tags describe; `hidden`: a page whose content an anonymous visitor may not see, or that does not exist. */
interface Preview {
  title: string;
  description: string;
  /** Path of the page (absolute URLs are made from PUBLIC_URL). */
  path: string;
  type: 'website' | 'profile';
  image: { path: string; alt: string; type: 'image/png' | 'image/jpeg' };
  hidden: boolean;
  /** A ride an anonymous visitor may see: its name, which the page's boot shell paints as the ride page's heading. */
  rideName?: string;
}

/** A description chat apps show whole: at most this many characters, cut at a word. */
const DESCRIPTION_MAX = 300;

function shorten(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:]+$/, '')}…`;
}

const segment = encodeURIComponent;

// ---------------------------------------------------------------- the pictures

/** The ride's stops that are on the map, in route order, and the road through them the router already gave (never asked here). */
async function picture(ctx: AppContext, ride: Ride): Promise<RoutePicture> {
  const stops = rideStops(ride)
    .filter((s): s is typeof s & { latitude: number; longitude: number } => typeof s.latitude === 'number' && typeof s.longitude === 'number' && Number.isFinite(s.latitude) && Number.isFinite(s.longitude) && !(s.latitude === 0 && s.longitude === 0))
    .map((s) => ({ lat: s.latitude, lon: s.longitude }));
  return { stops, road: await knownRoad(ctx, stops) };
}

export const rideImagePath = (rideId: string, version: string) => `/og/rides/${segment(rideId)}/${version}.png`;
export const appCardPath = () => `/og/app/${APP_CARD_VERSION}.png`;

/** What a subject's picture is today, as an anonymous visitor may see it; 404 (an HttpError) for a subject they may not see, or none, or one without a photo. */
async function todaysPicture(ctx: AppContext, subject: PictureSubject): Promise<{ version: string; format: PictureFormat; draw: () => Promise<Buffer> }> {
  switch (subject.kind) {
    case 'ride': {
      const drawn = await picture(ctx, await getRide(ctx, null, subject.id));
      return { version: pictureVersion(drawn), format: 'png', draw: () => drawRidePicture(drawn) };
    }
    case 'app':
      return { version: APP_CARD_VERSION, format: 'png', draw: drawAppCard };
    case 'stored':
      // A picture found without a row (picture-sweep.ts): none is its subject's today.
      throw notFound('not_found');
    case 'group':
    case 'avatar': {
      const kind = subject.kind;
      const url = kind === 'group' ? (await findGroupByName(ctx, null, subject.id)).groupImageUrl : (await getPublicProfile(ctx, null, subject.id)).profileImageUrl;
      const key = photoKey(url);
      if (!key) throw notFound('not_found');
      const storage = createStorage(ctx.config);
      return { version: photoVersion(kind, key), format: 'jpg', draw: async () => fitPhoto(await bytesOf(storage.read(key)), kind) };
    }
  }
}

/** The storage key of the subject's picture today, or null when an anonymous visitor may not see it (or it is gone): for the sweep (picture-sweep.ts). */
export async function currentPictureKey(ctx: AppContext, subject: PictureSubject): Promise<string | null> {
  try {
    const today = await todaysPicture(ctx, subject);
    return pictureKey(today.version, today.format);
  } catch (error) {
    // The routes' 404 (hidden, missing, no photo): no picture is current. Anything else (the database failing) stops the sweep.
    if (error instanceof Error && 'statusCode' in error && error.statusCode === 404) return null;
    throw error;
  }
}

/**
 * GET /og/rides/{id}/{version}.png: the ride's picture as an anonymous visitor may see it; 404 for a
 * ride they may not (or none). `current`: the address names the picture as it is now (an older
 * version's address, from before a route change, gets today's picture, to be kept a short while).
 * Drawn once per version, then kept (picture-cache.ts): an address with any other version is
 * answered with the kept picture of today's, never drawn again.
 */
export async function rideImage(ctx: AppContext, request: FastifyRequest, rideId: string, version: string): Promise<{ png: Buffer; current: boolean }> {
  const subject = { kind: 'ride', id: rideId } as const;
  const today = await todaysPicture(ctx, subject);
  return { png: await keptPicture(ctx, request, subject, today.version, today.format, today.draw), current: version === today.version };
}

/** GET /og/app/{version}.png: the app's card. */
export async function appCard(ctx: AppContext, request: FastifyRequest, version: string): Promise<Buffer> {
  if (version !== APP_CARD_VERSION) throw notFound('not_found');
  return keptPicture(ctx, request, { kind: 'app', id: 'app' }, APP_CARD_VERSION, 'png', drawAppCard);
}

const photoPath = (kind: PhotoKind, id: string, key: string) => `/og/${kind === 'group' ? 'groups' : 'profiles'}/${segment(id)}/${photoVersion(kind, key)}.jpg`;

/**
 * GET /og/groups/{slug}/{version}.jpg and /og/profiles/{userId}/{version}.jpg: a public group's
 * uploaded image, a public profile's avatar, fitted to the preview's frame; 404 when an anonymous
 * visitor may not see the group or profile, or it has no photo.
 */
export async function photoImage(ctx: AppContext, request: FastifyRequest, kind: PhotoKind, id: string, version: string): Promise<{ jpeg: Buffer; current: boolean }> {
  const subject = { kind, id };
  const today = await todaysPicture(ctx, subject);
  return { jpeg: await keptPicture(ctx, request, subject, today.version, today.format, today.draw), current: version === today.version };
}

// ---------------------------------------------------------------- the texts

/** Kilometres, or miles where the roads are signed in miles (the fetcher's region: US, GB, LR, MM). */
const MILES_REGIONS = new Set(['US', 'GB', 'LR', 'MM']);

function region(locale: string): string | undefined {
  try {
    return new Intl.Locale(locale).region;
  } catch {
    return undefined;
  }
}

function distanceText(km: number, format: string): string {
  const miles = MILES_REGIONS.has(region(format) ?? '');
  const value = miles ? km * 0.621371 : km;
  return new Intl.NumberFormat(format, { style: 'unit', unit: miles ? 'mile' : 'kilometer', unitDisplay: 'short', maximumFractionDigits: value < 10 ? 1 : 0 }).format(value);
}

/** The ride's start, its day and time in the ride's own zone (with the zone's short name, for readers elsewhere). */
function whenText(ride: Ride, format: string): string {
  const options: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
  try {
    return new Intl.DateTimeFormat(format, { ...options, timeZone: ride.timezone }).format(new Date(ride.startDate));
  } catch {
    return new Intl.DateTimeFormat(format, { ...options, timeZone: 'UTC' }).format(new Date(ride.startDate));
  }
}

function appPreview(i18n: I18n, appName: string, hidden: boolean): Preview {
  return {
    title: appName,
    description: i18n._(/*i18n*/ { id: 'preview.app.description', message: 'Find your crew, plan the route, ride together.' }),
    path: '/',
    type: 'website',
    image: { path: appCardPath(), alt: i18n._(/*i18n*/ { id: 'preview.app.image_alt', message: 'The {app} logo on a winding road', values: { app: appName } }), type: 'image/png' },
    hidden,
  };
}

async function ridePreview(ctx: AppContext, ride: Ride, i18n: I18n, format: string): Promise<Preview> {
  const name = ride.name;
  const when = whenText(ride, format);
  const place = ride.startLocation;
  const description =
    ride.totalDistanceKm !== null && ride.totalDistanceKm > 0
      ? i18n._(/*i18n*/ { id: 'preview.ride.description', message: '{when} · Start: {place} · {distance}', values: { when, place, distance: distanceText(ride.totalDistanceKm, format) } })
      : i18n._(/*i18n*/ { id: 'preview.ride.description_no_distance', message: '{when} · Start: {place}', values: { when, place } });
  const version = pictureVersion(await picture(ctx, ride));
  return {
    title: ride.status === 'cancelled' ? i18n._(/*i18n*/ { id: 'preview.ride.cancelled_title', message: 'Cancelled: {name}', values: { name } }) : name,
    description: shorten(description),
    path: ride.groupSlug ? `/groups/${segment(ride.groupSlug)}/rides/${segment(ride.slug)}` : `/rides/${segment(ride.id)}`,
    type: 'website',
    image: { path: rideImagePath(ride.id, version), alt: i18n._(/*i18n*/ { id: 'preview.ride.image_alt', message: 'The route of {name} and its stops', values: { name } }), type: 'image/png' },
    hidden: false,
    rideName: name,
  };
}

function groupPreview(group: Group, i18n: I18n, appName: string): Preview {
  const about = i18n._(/*i18n*/ {
    id: 'preview.group.description',
    message: 'Motorcycle group in {location}, {members, plural, one {# member} other {# members}}.',
    values: { location: group.location, members: group.memberCount },
  });
  const key = photoKey(group.groupImageUrl);
  const image = key ? { path: photoPath('group', group.slug, key), alt: i18n._(/*i18n*/ { id: 'preview.group.image_alt', message: 'The image of {name}', values: { name: group.name } }), type: 'image/jpeg' as const } : null;
  const app = appPreview(i18n, appName, false);
  return {
    ...app,
    title: group.name,
    description: shorten(group.description ? `${about} ${group.description}` : about),
    path: `/groups/${segment(group.slug)}`,
    image: image ?? app.image,
  };
}

function profilePreview(profile: PublicProfile, i18n: I18n, appName: string): Preview {
  const fullName = [profile.firstName, profile.lastName].filter((part) => part?.trim()).join(' ');
  const name = fullName || profile.userId;
  const about = i18n._(/*i18n*/ { id: 'preview.profile.description', message: '{name} rides with {app}.', values: { name, app: appName } });
  const key = photoKey(profile.profileImageUrl);
  const image = key ? { path: photoPath('avatar', profile.userId, key), alt: i18n._(/*i18n*/ { id: 'preview.profile.image_alt', message: 'The profile picture of {name}', values: { name } }), type: 'image/jpeg' as const } : null;
  const app = appPreview(i18n, appName, false);
  return {
    ...app,
    title: fullName ? `${fullName} (@${profile.userId})` : `@${profile.userId}`,
    description: shorten(profile.bio ? `${about} ${profile.bio}` : about),
    path: `/profile/${segment(profile.userId)}`,
    type: 'profile',
    image: image ?? app.image,
  };
}

// ---------------------------------------------------------------- which page

function decoded(raw: string): string | null {
  try {
    const text = decodeURIComponent(raw);
    return text.length > 0 && text.length <= 300 ? text : null;
  } catch {
    return null;
  }
}

type Previewed = { kind: 'ride'; load: () => Promise<Ride> } | { kind: 'group'; load: () => Promise<Group> } | { kind: 'profile'; load: () => Promise<PublicProfile> } | { kind: 'invitation' } | { kind: 'app' } | { kind: 'missing' };

/** The kinds of page that preview their content; an address under one that is not valid encoding previews as missing. */
const CONTENT_PAGES = new Set(['rides', 'groups', 'profile', 'invite']);

/** What a page's path shows (src/web/app/router.tsx), read as a visitor without a session (viewer null). */
function previewed(ctx: AppContext, pathname: string): Previewed {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  const [kind = '', ...raw] = path.split('/').slice(1);
  const args = raw.map(decoded);
  if (!args.every((a): a is string => a !== null)) return CONTENT_PAGES.has(kind) ? { kind: 'missing' } : { kind: 'app' };
  const [id, rides, ride] = args;
  if (kind === 'rides' && args.length === 1) return { kind: 'ride', load: () => getRide(ctx, null, id!) };
  if (kind === 'groups' && args.length === 3 && rides === 'rides') return { kind: 'ride', load: () => getRideBySlugs(ctx, null, id!, ride!) };
  if (kind === 'groups' && args.length === 1) return { kind: 'group', load: () => findGroupByName(ctx, null, id!) };
  if (kind === 'profile' && args.length === 1) return { kind: 'profile', load: () => getPublicProfile(ctx, null, id!) };
  if (kind === 'invite' && args.length === 1) return { kind: 'invitation' };
  return { kind: 'app' };
}

async function previewOf(ctx: AppContext, pathname: string, i18n: I18n, format: string): Promise<Preview> {
  const appName = ctx.config.appName;
  const page = previewed(ctx, pathname);
  try {
    switch (page.kind) {
      case 'ride':
        return await ridePreview(ctx, await page.load(), i18n, format);
      case 'group':
        return groupPreview(await page.load(), i18n, appName);
      case 'profile':
        return profilePreview(await page.load(), i18n, appName);
      // An invitation's link carries a secret and names a group and its inviter: the app alone, never indexed.
      case 'invitation':
      case 'missing':
        return appPreview(i18n, appName, true);
      case 'app':
        return appPreview(i18n, appName, false);
    }
  } catch (error) {
    // Hidden from an anonymous visitor, or missing (the API's 404 for both), or bad input: the app alone.
    if (!(error instanceof Error && 'statusCode' in error && typeof error.statusCode === 'number' && error.statusCode < 500)) ctx.log.error({ err: error }, 'link preview failed');
    return appPreview(i18n, appName, true);
  }
}

/**
 * The ride page's heading as the app will paint it (features/rides/components/ride-detail-page.tsx:
 * the back link's line, the status badge's, the title), at the same place and size, written into
 * the boot shell's main area (index.html) so that the ride's name paints with the HTML, before any
 * script (docs/decisions/2026-11-27-ride-page-paints-first.md). The back link and the badge are
 * placeholders of their size (their texts are the app's); the name is the ride's own, escaped.
 * `data-boot-ride` keeps the shell until the ride page has loaded its ride (app/boot-shell.tsx); the
 * style, removed with the shell, keeps the app's frame behind it unseen until then (no shift).
 */
export function rideBootMain(name: string): string {
  return [
    '<div class="mx-auto w-full max-w-6xl px-4 py-5 sm:px-6 sm:py-8 lg:px-10 lg:py-10" aria-hidden="true" data-boot-ride="">',
    '<style>#boot-shell~#root{visibility:hidden}</style>',
    // The back link: an inline-flex line whose first item is its 16 px icon, as the app's (its line box is the app's).
    '<div><span class="inline-flex max-w-full items-center gap-1.5 text-sm font-semibold"><span class="size-4 shrink-0"></span><span class="h-5 w-40 max-w-full animate-pulse rounded-md bg-asphalt-100"></span></span></div>',
    '<div class="mt-4 min-w-0"><div class="flex h-5 items-center"><span class="h-5 w-20 animate-pulse rounded-full bg-asphalt-100"></span></div>',
    `<h1 class="mt-2 text-3xl font-black tracking-tight break-words text-asphalt-950 sm:text-4xl">${escapeHtml(name)}</h1></div>`,
    '</div>',
  ].join('');
}

/**
 * What the server writes into a page for its path, computed as for an anonymous visitor whoever
 * asks: `head`, the `<meta>` tags of its `<head>` (Open Graph, the Twitter card and the
 * description), in the page's language (`locale`, the one its `<html>` names) with dates and
 * distances in the fetcher's region (Accept-Language), every value escaped, every address absolute
 * (PUBLIC_URL); `main`, on the page of a ride such a visitor may see, the ride's heading for the
 * boot shell (rideBootMain), else none (the generic shell).
 */
export async function pageParts(ctx: AppContext, pathname: string, locale: Locale, headers: IncomingHttpHeaders): Promise<{ head: string; main: string | null }> {
  const i18n = await i18nFor(locale);
  const format = formattingLocale(locale, acceptedLanguages(headers['accept-language']));
  const preview = await previewOf(ctx, pathname, i18n, format);
  const origin = ctx.config.publicUrl.replace(/\/+$/, '');
  // A chat app shows each value as one line beside other text, isolating nothing: invisible and
  // direction-changing characters (kept in a description or a bio, or saved before places lost them) go.
  const meta = (attribute: 'name' | 'property', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeHtml(stripInvisible(value))}">`;
  const head = [
    meta('name', 'description', preview.description),
    meta('property', 'og:site_name', ctx.config.appName),
    meta('property', 'og:type', preview.type),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', `${origin}${preview.path}`),
    meta('property', 'og:image', `${origin}${preview.image.path}`),
    meta('property', 'og:image:type', preview.image.type),
    meta('property', 'og:image:width', String(PREVIEW_WIDTH)),
    meta('property', 'og:image:height', String(PREVIEW_HEIGHT)),
    meta('property', 'og:image:alt', preview.image.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    ...(preview.hidden ? [meta('name', 'robots', 'noindex')] : []),
  ].join('');
  return { head, main: !preview.hidden && preview.rideName !== undefined ? rideBootMain(preview.rideName) : null };
}
