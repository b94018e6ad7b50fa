import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { nowIso } from '../db/database';
import { newId } from '../platform/tokens';
import { notFound } from '../platform/errors';
import { generateHandle } from './handle-generator';
import { usersRepository, type UserRow } from './users.repository';
import type { ShippedLocale } from '../../shared/i18n/locales';

/** A guest who signs into an account brings what it did (merge-guest.ts lists every rider-data table). */
export { mergeGuestInto } from './merge-guest';

type Executor = Kysely<Database> | Transaction<Database>;

const GUEST_RETENTION_DAYS = 30;

/**
 * Creates an account with a fresh generated handle, in the language of the browser it is made for
 * (i18n/request-language.ts). A clash on the handle or e-mail raises a unique violation; callers
 * wrap their unit of work in retryOnUniqueViolation.
 */
export async function createAccount(db: Executor, options: { email: string | null; isFirstVisit: boolean; language: ShippedLocale }): Promise<UserRow> {
  const id = newId();
  await usersRepository.insert(db, { id, userId: generateHandle(), email: options.email, isFirstVisit: options.isFirstVisit, language: options.language, now: nowIso() });
  return (await usersRepository.findById(db, id))!;
}

export async function getUser(db: Executor, id: string): Promise<UserRow> {
  const user = await usersRepository.findById(db, id);
  if (!user) throw notFound('user_not_found');
  return user;
}

export async function markWelcomeSeen(db: Executor, userId: string): Promise<void> {
  await usersRepository.markWelcomeSeen(db, userId);
}

export async function recordVisit(db: Executor, userId: string): Promise<void> {
  await usersRepository.touchLastSeen(db, userId, nowIso());
}

export async function removeAbandonedGuests(db: Executor, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - GUEST_RETENTION_DAYS * 24 * 3600 * 1000).toISOString();
  return usersRepository.deleteAbandonedGuests(db, cutoff);
}
