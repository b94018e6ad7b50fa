import fs from 'node:fs';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { formattingLocale, isLocale, PSEUDO_LOCALE, SHIPPED_LOCALES, SOURCE_LOCALE, type Locale, type ShippedLocale } from '../../shared/i18n/locales';

/*
 * The server's texts in the recipient's language (issue 31 point 7): mails, pushes and the
 * notifications it answers with are written with the I18n instance of the rider they go to (their
 * saved language, NULL: English), never the sender's; a sign-in or invitation mail with the one of the
 * browser that asked. The server is not built by Vite, so the catalogs src/locales/<code>/messages.po
 * are read and compiled here, once, when first asked for. A message a catalog does not translate
 * (yet) is the English one. docs/decisions/2026-11-27-i18n.md.
 */

const po = formatter({ lineNumbers: false });
const LOCALES: readonly Locale[] = [...SHIPPED_LOCALES, PSEUDO_LOCALE];

async function readCatalog(locale: Locale): Promise<Record<string, string>> {
  const file = new URL(`../../locales/${locale}/messages.po`, import.meta.url);
  if (!fs.existsSync(file)) return {};
  const catalog = await po.parse(fs.readFileSync(file, 'utf8'), { locale, sourceLocale: SOURCE_LOCALE, filename: file.pathname });
  const messages: Record<string, string> = {};
  for (const [id, entry] of Object.entries(catalog ?? {})) {
    if (entry.obsolete) continue;
    const text = entry.translation || (locale === SOURCE_LOCALE ? entry.message : undefined);
    if (text) messages[id] = text;
  }
  return messages;
}

function compile(messages: Record<string, string>): Messages {
  return Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, compileMessage(text)]));
}

let loading: Promise<Map<Locale, I18n>> | undefined;

function instance(locale: Locale, messages: Messages): I18n {
  const i18n = setupI18n({ locale, locales: [formattingLocale(locale, [])], messages: { [locale]: messages } });
  // A message no catalog has yet (a new one, before extraction) is compiled from its descriptor.
  i18n.setMessagesCompiler(compileMessage);
  return i18n;
}

async function loadAll(): Promise<Map<Locale, I18n>> {
  const english = await readCatalog(SOURCE_LOCALE);
  const instances = new Map<Locale, I18n>();
  for (const locale of LOCALES) {
    const own = locale === SOURCE_LOCALE ? english : await readCatalog(locale);
    instances.set(locale, instance(locale, compile({ ...english, ...own })));
  }
  return instances;
}

/** Every language's I18n, the catalogs read once. */
export function loadI18n(): Promise<Map<Locale, I18n>> {
  loading ??= loadAll().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** The I18n of a language (anything else, or NULL for a rider who never chose: English). */
export async function i18nFor(language: string | null | undefined): Promise<I18n> {
  const instances = await loadI18n();
  return instances.get(isLocale(language) ? language : SOURCE_LOCALE) ?? instances.get(SOURCE_LOCALE)!;
}

/** The I18n of a user row: their saved language, English when NULL. */
export function i18nOfUser(user: { language?: string | null } | null | undefined): Promise<I18n> {
  return i18nFor(user?.language ?? null);
}

/** The I18n of a rider by id: their saved language (English for NULL, or a rider not found). */
export async function i18nOfUserId(db: Kysely<Database> | Transaction<Database>, userId: string): Promise<I18n> {
  const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  return i18nOfUser(row);
}

/** A language RoadCaptain ships (never the pseudo-language, a developer's tool), or null. */
export function shippedLanguage(value: string | null | undefined): ShippedLocale | null {
  return isLocale(value) && value !== PSEUDO_LOCALE ? value : null;
}

/** What a request's browser says of its language (request-language.ts): the one the app shows in it (its cookie), and the one it asks for (Accept-Language). */
export interface BrowserLanguages {
  shown: ShippedLocale | null;
  accepted: ShippedLocale | null;
}

/**
 * The language a rider is using the app in: the one it shows in their browser, else their saved
 * one, else the browser's, else English. An invitation keeps it as the inviter's choice.
 */
export function activeLanguage(browser: BrowserLanguages, saved: string | null | undefined): ShippedLocale {
  return browser.shown ?? shippedLanguage(saved) ?? browser.accepted ?? SOURCE_LOCALE;
}
