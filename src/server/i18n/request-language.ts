import type { IncomingHttpHeaders } from 'node:http';
import { shippedLanguage, type BrowserLanguages } from './i18n.service';
import { acceptedLanguages, isLocale, pickLocale, PSEUDO_LOCALE, SOURCE_LOCALE, type Locale, type ShippedLocale } from '../../shared/i18n/locales';

/*
 * The language of a request, before the rider is known (issue 31 points 2 and 5): the cookie the
 * web app sets when it switches language (src/web/lib/i18n/i18n.ts), else the browser's
 * Accept-Language.
 */

/** The cookie the web app keeps the active language in, so the next page starts in it. */
export const LOCALE_COOKIE = 'rc_lang';

/** What a page's HTML is chosen by: caches must keep one copy per these headers' values. */
export const PAGE_LANGUAGE_VARY = 'Accept-Language, Cookie';

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...rest] = part.split('=');
    if (key?.trim() === name) return rest.join('=').trim();
  }
  return undefined;
}

/**
 * The language a page is served in: the cookie when it names a language offered here (the
 * pseudo-language only where it is allowed), else the first of Accept-Language's that RoadCaptain
 * speaks, else English.
 */
export function pageLanguage(headers: IncomingHttpHeaders, allowPseudo: boolean): Locale {
  const offered = (locale: Locale) => allowPseudo || locale !== PSEUDO_LOCALE;
  const chosen = cookieValue(headers.cookie, LOCALE_COOKIE);
  if (isLocale(chosen) && offered(chosen)) return chosen;
  const wanted = pickLocale(acceptedLanguages(headers['accept-language']));
  return offered(wanted) ? wanted : SOURCE_LOCALE;
}

/** The language the web app last showed in this browser (its cookie), if it names one RoadCaptain ships. */
export function cookieLanguage(headers: IncomingHttpHeaders): ShippedLocale | null {
  return shippedLanguage(cookieValue(headers.cookie, LOCALE_COOKIE));
}

/** The first language of Accept-Language that RoadCaptain ships ("de-AT" is German); null when it names none. */
export function acceptLanguage(headers: IncomingHttpHeaders): ShippedLocale | null {
  for (const tag of acceptedLanguages(headers['accept-language'])) {
    const locale = shippedLanguage(pickLocale([tag]));
    // pickLocale answers English for a language it does not know: only an English tag means English.
    if (locale && (locale !== SOURCE_LOCALE || tag.split('-')[0]?.toLowerCase() === SOURCE_LOCALE)) return locale;
  }
  return null;
}

/**
 * The language of the browser that sent a request, for a mail it asks for (issue 31 point 7): the
 * cookie's, else Accept-Language's; null when neither names one RoadCaptain ships (the caller then
 * falls back: to the inviter's choice, or English).
 */
export function browserLanguage(headers: IncomingHttpHeaders): ShippedLocale | null {
  return cookieLanguage(headers) ?? acceptLanguage(headers);
}

/** What a request's browser says of its language: the one the app shows in it (its cookie), and the one it asks for. */
export function browserLanguages(headers: IncomingHttpHeaders): BrowserLanguages {
  return { shown: cookieLanguage(headers), accepted: acceptLanguage(headers) };
}

/**
 * The language a new account starts with (a guest, or an account made by a sign-in link): the
 * language its browser chose or asks for, as for its pages. Never the pseudo-language, a
 * developer's tool rather than a rider's preference.
 */
export function accountLanguage(headers: IncomingHttpHeaders): ShippedLocale {
  return browserLanguage(headers) ?? SOURCE_LOCALE;
}
