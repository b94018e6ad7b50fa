import type { Kysely } from 'kysely';
import { baseSlug, firstFreeSlug } from '../../platform/slug';
import { groupNameKey } from '../../groups/group-name';

/**
 * Addresses that work in every script and survive a rename:
 * - `group_slug_history` / `ride_slug_history`: the slugs a group or ride had before a rename, so
 *   an old link still finds it. A ride's old slug is kept per group, as ride slugs are. They go
 *   with their group or ride.
 * - `groups.name_key`: the name as compared for "A group with this name already exists"
 *   (`groupNameKey`), unique, so names are compared and not slugs.
 * - Groups whose name had no Latin letter were given the slug "" (their card led to /groups and a
 *   second one was refused): they get a real one now. "" was never a working address, so it is not
 *   kept in the history.
 * Uses today's slug and name-key functions: both are deterministic, and the repair must give the
 * slug the service would give.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const kdb = db as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- data migration on tables typed elsewhere

  await db.schema
    .createTable('group_slug_history')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('replaced_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('group_slug_history_group_idx').on('group_slug_history').column('group_id').execute();

  await db.schema
    .createTable('ride_slug_history')
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('ride_id', 'text', (c) => c.notNull().references('rides.id').onDelete('cascade'))
    .addColumn('replaced_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ride_slug_history_pk', ['group_id', 'slug'])
    .execute();
  await db.schema.createIndex('ride_slug_history_ride_idx').on('ride_slug_history').column('ride_id').execute();

  await db.schema.alterTable('groups').addColumn('name_key', 'text').execute();
  const groups = (await kdb.selectFrom('groups').select(['id', 'name', 'slug']).orderBy('created_at').execute()) as Array<{ id: string; name: string; slug: string }>;
  const keys = new Set<string>();
  const slugs = new Set(groups.map((g) => g.slug));
  for (const group of groups) {
    // Names that differed only by invisible characters could both exist; the later one keeps a
    // key of its own (its id appended) rather than failing the migration.
    let key = groupNameKey(group.name);
    if (keys.has(key)) key = `${key} ${group.id}`;
    keys.add(key);
    const update: { name_key: string; slug?: string } = { name_key: key };
    if (group.slug === '') {
      update.slug = await firstFreeSlug(baseSlug(group.name, 'group', group.id), async (slug) => slugs.has(slug));
      slugs.add(update.slug);
    }
    await kdb.updateTable('groups').set(update).where('id', '=', group.id).execute();
  }
  await db.schema.createIndex('groups_name_key_unique').on('groups').column('name_key').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('groups_name_key_unique').execute();
  await db.schema.alterTable('groups').dropColumn('name_key').execute();
  await db.schema.dropTable('ride_slug_history').execute();
  await db.schema.dropTable('group_slug_history').execute();
}
