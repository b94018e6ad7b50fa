import net from 'node:net';
import type { Kysely } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { hashIp } from '../auth/link-rate-limits.service';
import { MB } from '../../shared/media/limits';
import { uploadCountersRepository } from './upload-counters';

const DAY_MS = 24 * 3600 * 1000;

/** The eight 16-bit groups of an IPv6 address ('::' expanded, a dotted IPv4 tail read as two groups); null if it is none. */
function ipv6Groups(address: string): number[] | null {
  if (net.isIPv6(address) === false) return null;
  let text = address.split('%')[0]!.toLowerCase();
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const middle = rest === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((group) => parseInt(group, 16));
}

/**
 * Whose total an address spends: an IPv4 address itself (also when written IPv4-mapped), and for
 * IPv6 its /64, which one line or one rented server holds whole: counted per address, each of
 * its 2^64 addresses had a fresh total.
 */
export function uploadAddressKey(address: string): string {
  const groups = ipv6Groups(address);
  if (groups === null) return address;
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

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
  const key = `u:a:${hashIp(uploadAddressKey(clientAddress))}`;
  const totalBytes = ctx.config.guestUploadMbPerAddressPerDay * MB;
  const held = await uploadCountersRepository.reserve(ctx.db, key, windowStart, wanted, totalBytes, true);
  return new GuestUploadReservation(ctx, key, windowStart, totalBytes, held);
}

/** Housekeeping: the days before yesterday's (a reservation made before midnight may still be given back after it). */
export function deleteOldUploadCounters(db: Kysely<Database>): Promise<void> {
  const now = Date.now();
  return uploadCountersRepository.deleteWindowsBefore(db, new Date(now - (now % DAY_MS) - DAY_MS).toISOString());
}
