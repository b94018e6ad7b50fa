import type { Kysely, Transaction, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Database, UsersTable } from '../db/schema';

export type UserRow = Selectable<UsersTable>;
type Executor = Kysely<Database> | Transaction<Database>;

export const usersRepository = {
  findById(db: Executor, id: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  },

  findByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  },

  async handleExists(db: Executor, handle: string): Promise<boolean> {
    const row = await db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(user_id)`, '=', handle.toLowerCase())
      .executeTakeFirst();
    return row !== undefined;
  },

  async insert(db: Executor, user: { id: string; userId: string; email: string | null; isFirstVisit: boolean; now: string }): Promise<void> {
    await db
      .insertInto('users')
      .values({
        id: user.id,
        user_id: user.userId,
        email: user.email,
        is_first_visit: user.isFirstVisit ? 1 : 0,
        created_at: user.now,
        last_seen_at: user.now,
      })
      .execute();
  },

  async markWelcomeSeen(db: Executor, id: string): Promise<void> {
    await db.updateTable('users').set({ is_first_visit: 0 }).where('id', '=', id).execute();
  },

  async touchLastSeen(db: Executor, id: string, now: string): Promise<void> {
    await db.updateTable('users').set({ last_seen_at: now }).where('id', '=', id).execute();
  },

  /** Attaches a verified address, only if the account has none yet. Returns whether it did. */
  async attachEmail(db: Executor, id: string, email: string): Promise<boolean> {
    const result = await db.updateTable('users').set({ email }).where('id', '=', id).where('email', 'is', null).executeTakeFirst();
    return result.numUpdatedRows === 1n;
  },

  /**
   * Guests who never saved access and left nothing behind, unseen since the cutoff (GUIDE section 5).
   * Later domains that attach data to a rider must add their table to the NOT EXISTS list.
   */
  async deleteAbandonedGuests(db: Executor, cutoffIso: string): Promise<number> {
    const result = await db
      .deleteFrom('users')
      .where('email', 'is', null)
      .where('last_seen_at', '<', cutoffIso)
      .where('first_name', 'is', null)
      .where('last_name', 'is', null)
      .where('bio', 'is', null)
      .where('location', 'is', null)
      .where('profile_image_url', 'is', null)
      .where('background_image_url', 'is', null)
      .where('motorcycles', '=', '[]')
      .where('user_id_changes_count', '=', 0)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
