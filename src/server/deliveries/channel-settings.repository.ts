import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { columnValues } from '../db/column-values';

type Executor = Kysely<Database> | Transaction<Database>;

/** A rider's switches of notification types by channel; only those that differ from the type's default are stored. */
export const channelSettingsRepository = {
  listForUser(db: Executor, userId: string): Promise<Array<{ type: string; channel: string; enabled: number }>> {
    return db.selectFrom('notification_channel_settings').select(['type', 'channel', 'enabled']).where('user_id', '=', userId).execute();
  },

  /** The riders among `userIds` who set `type` on `channel` to `enabled`. */
  async usersWith(db: Executor, userIds: string[], type: string, channel: string, enabled: boolean): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    return new Set(
      await columnValues(
        db
          .selectFrom('notification_channel_settings')
          .select('user_id')
          .where('user_id', 'in', userIds)
          .where('type', '=', type)
          .where('channel', '=', channel)
          .where('enabled', '=', enabled ? 1 : 0),
      ),
    );
  },

  async set(db: Executor, row: { user_id: string; type: string; channel: string; enabled: number }): Promise<void> {
    await db
      .insertInto('notification_channel_settings')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'type', 'channel']).doUpdateSet({ enabled: row.enabled }))
      .execute();
  },

  /** Back to the type's default: the stored switch goes. */
  async clear(db: Executor, userId: string, type: string, channel: string): Promise<void> {
    await db.deleteFrom('notification_channel_settings').where('user_id', '=', userId).where('type', '=', type).where('channel', '=', channel).execute();
  },

  /** The riders among `userIds` with a confirmed address and mail not paused (a guest has no address). */
  async mailable(db: Executor, userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    return new Set(await columnValues(db.selectFrom('users').select('id').where('id', 'in', userIds).where('email', 'is not', null).where('email_paused', '=', 0)));
  },

  async setEmailPaused(db: Executor, userId: string, paused: boolean): Promise<void> {
    await db.updateTable('users').set({ email_paused: paused ? 1 : 0 }).where('id', '=', userId).execute();
  },

  async emailPaused(db: Executor, userId: string): Promise<boolean> {
    const row = await db.selectFrom('users').select('email_paused').where('id', '=', userId).executeTakeFirst();
    return row ? Number(row.email_paused) === 1 : false;
  },
};
