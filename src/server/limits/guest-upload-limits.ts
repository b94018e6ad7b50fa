import type { Kysely } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { hashIp } from '../auth/link-rate-limits.service';
import { MB } from '../../shared/media/limits';
import { uploadCountersRepository } from './upload-counters';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Bytes one upload holds of the day's total of the guests of its client address. Taken before the
 * file is stored (so uploads at once cannot together pass the total), made exactly the size kept
 * once the file is processed, and then kept, or given back whole when the upload fails: a refused
 * or failed upload spends nothing. A process that dies in between leaves its bytes counted until
 * the day ends (fail closed).
 */
export class GuestUploadReservation {
  private kept = false;

  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'log'>,
    private readonly key: string,
    private readonly windowStart: string,
    readonly totalBytes: number,
    private held: number,
  ) {}

  /** The bytes held now. */
  get bytes(): number {
    return this.held;
  }

  /**
   * Holds exactly `size` bytes: gives back what is beyond it, or takes the difference (a re-encoded
   * image may be larger than what was sent), all of it or, when the total has not got it, none
   * (false: refuse the upload).
   */
  async settle(size: number): Promise<boolean> {
    if (size <= this.held) {
      await uploadCountersRepository.release(this.ctx.db, this.key, this.windowStart, this.held - size);
      this.held = size;
      return true;
    }
    const more = await uploadCountersRepository.reserve(this.ctx.db, this.key, this.windowStart, size - this.held, this.totalBytes, false);
    if (more === 0) return false;
    this.held = size;
    return true;
  }

  /** The upload is stored (committed): its bytes stay counted, and `release` no longer gives them back. */
  keep(): void {
    this.kept = true;
  }

  /** The upload failed: everything held goes back to the total. Never throws (a count left high only refuses sooner). */
  async release(): Promise<void> {
    if (this.kept || this.held === 0) return;
    const bytes = this.held;
    this.held = 0;
    try {
      await uploadCountersRepository.release(this.ctx.db, this.key, this.windowStart, bytes);
    } catch (error) {
      this.ctx.log.warn({ err: error }, 'could not give back the bytes of a failed guest upload');
    }
  }
}

/**
 * Reserves up to `wanted` bytes of today's upload total of the guests of `clientAddress`
 * (GUEST_UPLOAD_MB_PER_ADDRESS_PER_DAY; fixed UTC days, so up to twice it across midnight). The
 * reservation may hold fewer bytes than wanted, 0 when nothing is left: the caller decides.
 */
export async function reserveGuestUpload(ctx: Pick<AppContext, 'db' | 'log' | 'config'>, clientAddress: string, wanted: number): Promise<GuestUploadReservation> {
  const now = Date.now();
  const windowStart = new Date(now - (now % DAY_MS)).toISOString();
  const key = `u:a:${hashIp(clientAddress)}`;
  const totalBytes = ctx.config.guestUploadMbPerAddressPerDay * MB;
  const held = await uploadCountersRepository.reserve(ctx.db, key, windowStart, wanted, totalBytes, true);
  return new GuestUploadReservation(ctx, key, windowStart, totalBytes, held);
}

/** Housekeeping: the days before yesterday's (a reservation made before midnight may still be given back after it). */
export function deleteOldUploadCounters(db: Kysely<Database>): Promise<void> {
  const now = Date.now();
  return uploadCountersRepository.deleteWindowsBefore(db, new Date(now - (now % DAY_MS) - DAY_MS).toISOString());
}
