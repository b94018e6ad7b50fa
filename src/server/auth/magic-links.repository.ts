import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool, type Transaction, type Selectable } from 'kysely';
import type { Database, MagicLinksTable } from '../db/schema';
import { toCount } from '../db/database';
import type { Engine } from '../db/database';

type Executor = Kysely<Database> | Transaction<Database>;
export type MagicLinkRow = Selectable<MagicLinksTable>;

/** Neither used nor cancelled; with `nowIso`, not expired either: a link that could still be used. */
function isOpen(nowIso?: string) {
  return (eb: ExpressionBuilder<Database, 'magic_links'>) =>
    eb.and([eb('consumed_at', 'is', null), eb('cancelled_at', 'is', null), ...(nowIso === undefined ? [] : [eb('expires_at', '>', nowIso)])]);
}

type Which = (eb: ExpressionBuilder<Database, 'magic_links'>) => Expression<SqlBool>;

/** The e-mail confirmations a rider asked for. */
function confirmationsOf(userId: string): Which {
  return (eb) => eb.and([eb('requested_by_user_id', '=', userId), eb('purpose', '=', 'confirm_email')]);
}

/** Cancels the open links `which` picks. */
async function cancelOpen(db: Executor, which: Which, nowIso: string): Promise<void> {
  await db.updateTable('magic_links').set({ cancelled_at: nowIso }).where(which).where(isOpen()).execute();
}

/** The key of the PostgreSQL advisory lock that links are issued under (any fixed number: 'mlink'). */
const ISSUING_LOCK_KEY = 0x6d6c696e6b;

export const magicLinksRepository = {
  /**
   * Until the transaction ends, no other link is issued (link-rate-limits.service counts them):
   * PostgreSQL takes a transaction-level advisory lock; on SQLite the transaction's first write
   * (cancelOpenLinks, which must come next) takes the database's write lock, as BEGIN IMMEDIATE would.
   */
  async lockIssuing(db: Executor, engine: Engine): Promise<void> {
    if (engine === 'postgres') await sql`select pg_advisory_xact_lock(${ISSUING_LOCK_KEY})`.execute(db);
  },

  async countSince(
    db: Executor,
    by: { email: string } | { ipHash: string; countsTowardIpLimit: boolean },
    sinceIso: string,
  ): Promise<{ count: number; oldest: string | null }> {
    let query = db
      .selectFrom('magic_links')
      .select((eb) => [eb.fn.countAll<string | number>().as('count'), eb.fn.min('created_at').as('oldest')])
      .where('created_at', '>', sinceIso);
    // Per client address, the two kinds of link are counted apart: sign-in links asked for oneself
    // (counts_toward_ip_limit = 1), and links mailed while accepting an invitation (0), which have
    // a limit of their own so that a club on one network is not held to one rider's.
    query =
      'email' in by
        ? query.where('email', '=', by.email)
        : query.where('requester_ip_hash', '=', by.ipHash).where('counts_toward_ip_limit', '=', by.countsTowardIpLimit ? 1 : 0);
    const row = await query.executeTakeFirstOrThrow();
    return { count: toCount(row.count), oldest: row.oldest ?? null };
  },

  /** A newer link for the same address cancels the older ones (GUIDE section 5). */
  cancelOpenLinks(db: Executor, email: string, purpose: string, nowIso: string): Promise<void> {
    return cancelOpen(db, (eb) => eb.and([eb('email', '=', email), eb('purpose', '=', purpose)]), nowIso);
  },

  async insert(db: Executor, link: Omit<MagicLinkRow, 'consumed_at' | 'cancelled_at'>): Promise<void> {
    await db.insertInto('magic_links').values(link).execute();
  },

  /** A link that could still be used (neither used, cancelled nor expired), read without consuming it. */
  findUsable(db: Executor, tokenHash: string, nowIso: string): Promise<MagicLinkRow | undefined> {
    return db
      .selectFrom('magic_links')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .where(isOpen(nowIso))
      .executeTakeFirst();
  },

  /**
   * Consumes a link with one atomic UPDATE: of two concurrent verifications exactly one touches the
   * row. Returns the consumed link, or undefined when it was used, cancelled, expired or unknown.
   */
  async consume(db: Executor, tokenHash: string, nowIso: string): Promise<MagicLinkRow | undefined> {
    const result = await db
      .updateTable('magic_links')
      .set({ consumed_at: nowIso })
      .where('token_hash', '=', tokenHash)
      .where(isOpen(nowIso))
      .executeTakeFirst();
    if (result.numUpdatedRows !== 1n) return undefined;
    return db.selectFrom('magic_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  },

  /** The newest open e-mail confirmation a rider asked for: the address waiting for confirmation. */
  async findOpenConfirmation(db: Executor, userId: string, nowIso: string): Promise<{ email: string } | undefined> {
    return db
      .selectFrom('magic_links')
      .select('email')
      .where(confirmationsOf(userId))
      .where(isOpen(nowIso))
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  cancelOpenConfirmations(db: Executor, userId: string, nowIso: string): Promise<void> {
    return cancelOpen(db, confirmationsOf(userId), nowIso);
  },

  async cancelById(db: Executor, id: string, nowIso: string): Promise<void> {
    await db.updateTable('magic_links').set({ cancelled_at: nowIso }).where('id', '=', id).where('consumed_at', 'is', null).execute();
  },

  async deleteOlderThan(db: Executor, cutoffIso: string): Promise<void> {
    await db.deleteFrom('magic_links').where('expires_at', '<', cutoffIso).execute();
  },
};
