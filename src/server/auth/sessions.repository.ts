import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { newId } from '../platform/tokens';
import { SESSION_IDLE_TIMEOUT_MS } from '../../shared/auth/sessions';

type Executor = Kysely<Database> | Transaction<Database>;

export interface SessionRow {
  public_id: string;
  user_id: string;
  user_agent: string | null;
  created_at: string;
  last_seen_at: string;
}

/** Sessions last seen before this are over (30 days unused). */
export function idleCutoff(nowIso: string): string {
  return new Date(new Date(nowIso).getTime() - SESSION_IDLE_TIMEOUT_MS).toISOString();
}

/** The sessions that are neither past their 90 days nor unused for 30, with the columns a SessionRow has. */
function validSessions(db: Executor, nowIso: string) {
  return db
    .selectFrom('sessions')
    .select(['public_id', 'user_id', 'user_agent', 'created_at', 'last_seen_at'])
    .where('expires_at', '>', nowIso)
    .where('last_seen_at', '>', idleCutoff(nowIso));
}

export const sessionsRepository = {
  async insert(db: Executor, session: { idHash: string; userId: string; createdAt: string; expiresAt: string; userAgent?: string | null }): Promise<void> {
    await db
      .insertInto('sessions')
      .values({
        id_hash: session.idHash,
        user_id: session.userId,
        created_at: session.createdAt,
        expires_at: session.expiresAt,
        public_id: newId(),
        user_agent: session.userAgent ?? null,
        last_seen_at: session.createdAt,
      })
      .execute();
  },

  /** A session that is neither past its 90 days nor unused for 30. */
  findValid(db: Executor, idHash: string, nowIso: string): Promise<SessionRow | undefined> {
    return validSessions(db, nowIso).where('id_hash', '=', idHash).executeTakeFirst();
  },

  /** Records use of a session (and the browser using it). Callers limit how often (once an hour). */
  async touch(db: Executor, idHash: string, nowIso: string, userAgent: string | null): Promise<void> {
    await db.updateTable('sessions').set({ last_seen_at: nowIso, user_agent: userAgent }).where('id_hash', '=', idHash).execute();
  },

  listValid(db: Executor, userId: string, nowIso: string): Promise<SessionRow[]> {
    return validSessions(db, nowIso).where('user_id', '=', userId).orderBy('last_seen_at', 'desc').execute();
  },

  async delete(db: Executor, idHash: string): Promise<void> {
    await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
  },

  /** Ends one of the rider's sessions by its public id; false when the rider has no such session. */
  async deleteOwn(db: Executor, userId: string, publicId: string): Promise<boolean> {
    const result = await db.deleteFrom('sessions').where('public_id', '=', publicId).where('user_id', '=', userId).executeTakeFirst();
    return result.numDeletedRows > 0n;
  },

  /** Ends every session of a rider except one (by token hash). Returns how many ended. */
  async deleteOthers(db: Executor, userId: string, keepIdHash: string): Promise<number> {
    const result = await db.deleteFrom('sessions').where('user_id', '=', userId).where('id_hash', '<>', keepIdHash).executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  async deleteExpired(db: Executor, nowIso: string): Promise<void> {
    await db
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<=', nowIso), eb('last_seen_at', '<=', idleCutoff(nowIso))]))
      .execute();
  },
};
