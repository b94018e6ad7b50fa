import { i18n, type Messages } from '@lingui/core';
import { formattingLocale, isLocale, pickLocale, textDirection, type Locale } from '../../../shared/i18n/locales';

/*
 * The app's one translation instance (Lingui). Only the active language's catalog is loaded, each
 * its own chunk; the server names the page's language in <html data-locale> and preloads its
 * catalog with the page, so the first paint waits for no extra round trip (platform/web-app.ts).
 * docs/decisions/2026-11-27-i18n.md.
 */
const catalogs = import.meta.glob<{ messages: Messages }>('../../../locales/*/messages.po');

function catalogFor(locale: Locale) {
  const load = catalogs[`../../../locales/${locale}/messages.po`];
  if (!load) throw new Error(`No catalog for ${locale}`);
  return load;
}

const LOCALE_COOKIE = 'rc_lang';

/** The language this browser chose last (the cookie activateLocale writes), if it names one. */
function cookieLocale(): Locale | null {
  const value = document.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LOCALE_COOKIE)?.[1];
  return isLocale(value) ? value : null;
}

/**
 * The language a page starts in: the one the server chose for it (the cookie of an earlier choice,
 * or Accept-Language: platform/web-app.ts), else (a page the server did not write, as Vite's in
 * development) the cookie, else the browser's languages. The rider's saved language follows once
 * they are known (components/users/language-select.tsx).
 */
export function initialLocale(): Locale {
  const chosen = document.documentElement.dataset.locale;
  if (isLocale(chosen)) return chosen;
  return cookieLocale() ?? pickLocale(navigator.languages ?? [navigator.language]);
}

/**
 * Loads a language's catalog and switches the whole app to it at once (every <Trans> and useLingui
 * re-renders), with <html lang> and dir following; the cookie lets the server start the next page
 * in it before the rider is known.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  if (i18n.locale === locale) return;
  const { messages } = await catalogFor(locale)();
  i18n.loadAndActivate({ locale, locales: [formattingLocale(locale, navigator.languages ?? [])], messages });
  const html = document.documentElement;
  html.lang = locale;
  html.dir = textDirection(locale);
  html.dataset.locale = locale;
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** The locale Intl formats in: the language with the browser's region ("en-GB", "it-CH"). */
export function formatLocale(): string {
  return i18n.locales?.[0] ?? i18n.locale ?? 'en';
}

export { i18n };

