import fs from 'node:fs';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { setupI18n, type I18n } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { formattingLocale, isLocale, PSEUDO_LOCALE, SOURCE_LOCALE, type Locale, type ShippedLocale } from '../../shared/i18n/locales';

/*
 * The server's texts in the recipient's language (issue 31 point 7): mails, pushes and the
 * notifications it answers with are written with the I18n instance of the rider they go to (their
 * saved language, NULL: English), never the sender's; a sign-in or invitation mail with the one of the
 * browser that asked. The server is not built by Vite, so a language's catalog
 * (src/locales/<code>/messages.po) is read the first time that language is asked for, and kept for
 * the process; each message is compiled the first time it is written, and kept too. English reads
 * no catalog: every text the server writes is a descriptor carrying its English message (the English
 * catalog holds the same words), which is also what a catalog that does not translate a message (yet)
 * falls back to. docs/decisions/2026-11-27-i18n.md.
 */

const po = formatter({ lineNumbers: false });

/** A language's translations by message id, uncompiled. */
async function readCatalog(locale: Locale): Promise<Record<string, string>> {
  const file = new URL(`../../locales/${locale}/messages.po`, import.meta.url);
  if (!fs.existsSync(file)) return {};
  const catalog = await po.parse(await fs.promises.readFile(file, 'utf8'), { locale, sourceLocale: SOURCE_LOCALE, filename: file.pathname });
  const messages: Record<string, string> = {};
  for (const [id, entry] of Object.entries(catalog ?? {})) {
    if (!entry.obsolete && entry.translation) messages[id] = entry.translation;
  }
  return messages;
}

const compiled = new Map<string, ReturnType<typeof compileMessage>>();

/** A message compiled once per process, when first written (Lingui hands the compiler every uncompiled text it meets). */
function compileOnce(text: string): ReturnType<typeof compileMessage> {
  let message = compiled.get(text);
  if (message === undefined) {
    message = compileMessage(text);
    compiled.set(text, message);
  }
  return message;
}

async function load(locale: Locale): Promise<I18n> {
  const messages = locale === SOURCE_LOCALE ? {} : await readCatalog(locale);
  const i18n = setupI18n({ locale, locales: [formattingLocale(locale, [])], messages: { [locale]: messages } });
  i18n.setMessagesCompiler(compileOnce);
  return i18n;
}

const loaded = new Map<Locale, Promise<I18n>>();

/** The I18n of a language (anything else, or NULL for a rider who never chose: English); its catalog read on first use. */
export function i18nFor(language: string | null | undefined): Promise<I18n> {
  const locale = isLocale(language) ? language : SOURCE_LOCALE;
  let i18n = loaded.get(locale);
  if (!i18n) {
    i18n = load(locale).catch((error: unknown) => {
      loaded.delete(locale);
      throw error;
    });
    loaded.set(locale, i18n);
  }
  return i18n;
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
