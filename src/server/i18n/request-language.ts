import type { IncomingHttpHeaders } from 'node:http';
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

/**
 * The language a new account starts with (a guest, or an account made by a sign-in link): the
 * language its browser chose or asks for, as for its pages. Never the pseudo-language, a
 * developer's tool rather than a rider's preference.
 */
export function accountLanguage(headers: IncomingHttpHeaders): ShippedLocale {
  return pageLanguage(headers, false) as ShippedLocale;
}
