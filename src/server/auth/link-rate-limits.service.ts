import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { tooManyRequests } from '../platform/errors';
import { magicLinksRepository } from './magic-links.repository';
import { clientAddressKey } from '../limits/address-key';

const HOUR_MS = 3600 * 1000;
/** Sign-in links per address and per client IP within one hour (GUIDE section 5). */
export const MAGIC_LINKS_PER_EMAIL_PER_HOUR = 5;
export const MAGIC_LINKS_PER_IP_PER_HOUR = 20;
/**
 * Links mailed while accepting invitations, per client address and hour: enough for a club meeting
 * where everyone scans one QR code on one Wi-Fi, yet a bound on mail sent to addresses nobody at
 * that address may own (each acceptance needs its own open invitation and a fresh guest).
 */
export const INVITATION_LINKS_PER_IP_PER_HOUR = 100;
export const TOO_MANY_INVITATION_LINKS_MESSAGE = 'Too many invitations were accepted from this network in the last hour.';

/**
 * What every per-address count stores of a client address: its key (an IPv6 client counts as its
 * /64, limits/address-key.ts) hashed, so no caller can count one of a /64's addresses alone.
 */
export function hashIp(ip: string): string {
  // Peppered so the stored value cannot be reversed by hashing the IPv4 space.
  return crypto.createHash('sha256').update(`roadcaptain-ip:${clientAddressKey(ip)}`).digest('hex');
}

/**
 * Refuses a link past the limit (429 with Retry-After). Counted in the transaction that stores the
 * link, after magicLinksRepository.lockIssuing: links asked for at once are counted one after the
 * other, so together they cannot pass the limit (before, 30 asked at once on PostgreSQL all went out).
 */
export async function enforceLinkRateLimit(db: Kysely<Database> | Transaction<Database>, by: { email: string } | { ipHash: string; countsTowardIpLimit: boolean }, limit: number): Promise<void> {
  const since = new Date(Date.now() - HOUR_MS).toISOString();
  const { count, oldest } = await magicLinksRepository.countSince(db, by, since);
  if (count < limit) return;
  const retryAfterMs = oldest ? new Date(oldest).getTime() + HOUR_MS - Date.now() : HOUR_MS;
  const invitationsFromNetwork = 'ipHash' in by && !by.countsTowardIpLimit;
  throw tooManyRequests(invitationsFromNetwork ? 'too_many_invitation_links' : 'too_many_sign_in_links', retryAfterMs / 1000);
}
