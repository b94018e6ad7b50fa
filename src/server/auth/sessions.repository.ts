import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

export const sessionsRepository = {
  async insert(db: Executor, session: { idHash: string; userId: string; createdAt: string; expiresAt: string }): Promise<void> {
    await db
      .insertInto('sessions')
      .values({ id_hash: session.idHash, user_id: session.userId, created_at: session.createdAt, expires_at: session.expiresAt })
      .execute();
  },

  findValid(db: Executor, idHash: string, nowIso: string): Promise<{ user_id: string } | undefined> {
    return db.selectFrom('sessions').select('user_id').where('id_hash', '=', idHash).where('expires_at', '>', nowIso).executeTakeFirst();
  },

  async delete(db: Executor, idHash: string): Promise<void> {
    await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
  },

  async deleteExpired(db: Executor, nowIso: string): Promise<void> {
    await db.deleteFrom('sessions').where('expires_at', '<=', nowIso).execute();
  },
};
