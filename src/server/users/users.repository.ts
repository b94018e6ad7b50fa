import type { Kysely, Transaction, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Database, UsersTable } from '../db/schema';
import { riderColumnsWhere } from './rider-columns';

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
      .where(sql<string>`lower(handle)`, '=', handle.toLowerCase())
      .executeTakeFirst();
    return row !== undefined;
  },

  findByHandle(db: Executor, handle: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where(sql<string>`lower(handle)`, '=', handle.toLowerCase()).executeTakeFirst();
  },

  async handleTakenByOther(db: Executor, handle: string, excludeId: string | null): Promise<boolean> {
    let query = db.selectFrom('users').select('id').where(sql<string>`lower(handle)`, '=', handle.toLowerCase());
    if (excludeId) query = query.where('id', '!=', excludeId);
    return (await query.executeTakeFirst()) !== undefined;
  },

  /**
   * Changes the handle only while the account has changes left: the limit is part of the UPDATE,
   * so two concurrent changes cannot both pass a check made before. Returns whether it changed.
   */
  async changeHandle(db: Executor, id: string, handle: string, maxChanges: number): Promise<boolean> {
    const result = await db
      .updateTable('users')
      .set((eb) => ({ handle, handle_changes_count: eb('handle_changes_count', '+', 1) }))
      .where('id', '=', id)
      .where('handle_changes_count', '<', maxChanges)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  },

  /** Any of the rider's own columns; the handle changes only through changeHandle (its limit), the id never. */
  async updateFields(db: Executor, id: string, fields: Omit<Updateable<UsersTable>, 'id' | 'handle' | 'handle_changes_count'>): Promise<void> {
    if (Object.keys(fields).length === 0) return;
    await db.updateTable('users').set(fields).where('id', '=', id).execute();
  },

  /** Whether two riders are members of at least one common group. */
  async shareAGroup(db: Executor, a: string, b: string): Promise<boolean> {
    const row = await db
      .selectFrom('group_members as mine')
      .innerJoin('group_members as theirs', 'theirs.group_id', 'mine.group_id')
      .select('mine.group_id')
      .where('mine.user_id', '=', a)
      .where('theirs.user_id', '=', b)
      .executeTakeFirst();
    return row !== undefined;
  },

  async insert(db: Executor, user: { id: string; userId: string; email: string | null; isFirstVisit: boolean; language: string; now: string }): Promise<void> {
    await db
      .insertInto('users')
      .values({
        id: user.id,
        handle: user.userId,
        email: user.email,
        is_first_visit: user.isFirstVisit ? 1 : 0,
        language: user.language,
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
   * What counts as left behind is every column RIDER_COLUMNS (rider-columns.ts) says keeps the
   * guest: memberships, requests, bans, seats, waitlist places, comments, votes and uploads.
   */
  async deleteAbandonedGuests(db: Executor, cutoffIso: string): Promise<number> {
    let abandoned = db
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
      .where('handle_changes_count', '=', 0);
    for (const [table, column] of riderColumnsWhere((handling) => handling.deletion === 'keeps the guest')) {
      abandoned = abandoned.where(sql<boolean>`not exists (select 1 from ${sql.table(table)} where ${sql.ref(`${table}.${column}`)} = ${sql.ref('users.id')})`);
    }
    const result = await abandoned.executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
