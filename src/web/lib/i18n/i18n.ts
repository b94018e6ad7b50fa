import { i18n, type Messages } from '@lingui/core';
import { catalogPath, type CatalogIndex } from '../../../shared/i18n/catalog-index';
import { formattingLocale, isLocale, pickLocale, textDirection, type Locale } from '../../../shared/i18n/locales';

/*
 * The app's one translation instance (Lingui). Only the active language's messages are loaded, and
 * in the build only those of the code that ran: build/catalog-split.ts splits each language's
 * catalog by chunk. The first load's catalog is preloaded with the page (the server names the
 * page's language in <html data-locale>: platform/web-app.ts), so the first paint waits for no
 * extra round trip; a lazy chunk awaits its own group before it runs (loadMessageGroup). In
 * development and tests, where nothing is split, the whole .po is loaded.
 * docs/decisions/2026-11-27-i18n.md.
 */
const wholeCatalogs = import.meta.env.DEV ? import.meta.glob<{ messages: Messages }>('../../../locales/*/messages.po') : {};

/** The build's catalogs, from index.html; null in development. */
function readIndex(): CatalogIndex | null {
  const text = typeof document === 'undefined' ? null : document.getElementById('rc-catalogs')?.textContent;
  return text ? (JSON.parse(text) as CatalogIndex) : null;
}

const catalogIndex = readIndex();
/** The groups the code that ran asked for (each one's load), loaded again in a language switched to. */
const groupLoads = new Map<string, Promise<void>>();

async function importCatalog(url: string): Promise<Messages> {
  return ((await import(/* @vite-ignore */ url)) as { messages: Messages }).messages;
}

/** The messages a language needs now: the first load's and every group asked for so far. */
async function messagesFor(locale: Locale): Promise<Messages> {
  if (!catalogIndex) {
    const load = wholeCatalogs[`../../../locales/${locale}/messages.po`];
    if (!load) throw new Error(`No catalog for ${locale}`);
    return (await load()).messages;
  }
  const keys = [catalogIndex.first, ...groupLoads.keys()];
  const parts = await Promise.all(keys.map((key) => importCatalog(`/${catalogPath(catalogIndex, locale, key)}`)));
  return Object.assign({}, ...parts) as Messages;
}

async function loadGroup(index: CatalogIndex, key: string): Promise<void> {
  // Until the active language has it: a switch while it loads may have missed it (messagesFor read the groups before).
  for (let locale = i18n.locale; locale; ) {
    try {
      i18n.load(locale, await importCatalog(`/${catalogPath(index, locale, key)}`));
    } catch (error) {
      groupLoads.delete(key);
      console.error(`Loading the ${locale} messages of ${key} failed`, error);
      return;
    }
    if (i18n.locale === locale) return;
    locale = i18n.locale;
  }
}

/**
 * Loads the active language's messages of one group (a lazy chunk's, or `errors`) before the code
 * that shows them runs: each lazy chunk of the build starts with this (build/catalog-split.ts). A
 * group with nothing beyond the first load's catalog, or no split (development), waits for nothing.
 * A catalog that cannot be fetched (offline) is not fatal: the texts it misses show as their ids
 * until it is asked for again.
 */
export function loadMessageGroup(key: string): Promise<void> {
  if (!catalogIndex?.groups.includes(key)) return Promise.resolve();
  let load = groupLoads.get(key);
  if (!load) {
    // Asked before the first language is in: an activation not yet begun loads it (messagesFor reads
    // groupLoads); one under way has read them already, so the group is loaded once it is done (the
    // router asks for the page's chunk at once: it can arrive first, and would show ids).
    load = i18n.locale ? loadGroup(catalogIndex, key) : (activation?.then(() => loadGroup(catalogIndex, key)) ?? Promise.resolve());
    groupLoads.set(key, load);
  }
  return load;
}

declare global {
  var __rcMessages: ((key: string) => Promise<void>) | undefined;
}
globalThis.__rcMessages = loadMessageGroup;

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

/** The first language's activation while it loads its messages. */
let activation: Promise<Messages> | undefined;

/**
 * Loads a language's catalog and switches the whole app to it at once (every <Trans> and useLingui
 * re-renders), with <html lang> and dir following; the cookie lets the server start the next page
 * in it before the rider is known.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  if (i18n.locale === locale) return;
  const loading = messagesFor(locale);
  activation ??= loading;
  const messages = await loading;
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

