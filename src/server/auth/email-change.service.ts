import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { nowIso } from '../db/database';
import { notFound } from '../platform/errors';
import { magicLinksRepository } from './magic-links.repository';
import { requestEmailConfirmation } from './auth.service';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * The address a rider asked to use and has not confirmed yet: the one of their open confirmation
 * link (an hour at most), shown in Preferences after a reload. It reads the same whether or not
 * another account holds the address.
 */
export async function pendingEmailOf(db: Executor, userId: string): Promise<string | null> {
  return (await magicLinksRepository.findOpenConfirmation(db, userId, nowIso()))?.email ?? null;
}

/**
 * POST /api/auth/email-change/resend: a new link for the waiting address (the older one stops
 * working), under the same per-address and per-IP limits as every other link.
 */
export async function resendEmailConfirmation(ctx: AppContext, input: { userId: string; ip: string; browserLanguage: string | null }): Promise<string> {
  const email = await pendingEmailOf(ctx.db, input.userId);
  if (!email) throw notFound('no_pending_email');
  await requestEmailConfirmation(ctx, { userId: input.userId, email, ip: input.ip, browserLanguage: input.browserLanguage });
  return email;
}

/** POST /api/auth/email-change/cancel: the open link stops working and nothing waits any more. */
export async function cancelEmailConfirmation(ctx: AppContext, userId: string): Promise<void> {
  await magicLinksRepository.cancelOpenConfirmations(ctx.db, userId, nowIso());
}
