import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Every list of groups shows each group's members and rides. Counted per group on every read,
 * they were most of the group finder's work at 1,000,000 rides (its 100 groups, about 1,900 index
 * entries; docs/decisions/2026-11-25-finder-one-statement.md). The group row now keeps both
 * counts, and the database itself keeps them true: a trigger on every insert, delete and move of a
 * membership or a ride adds or takes one, in the writer's own transaction, so no write path (the
 * services, a guest's merge, a cascade from a deleted group or rider) can leave a count behind.
 * Upcoming rides and recent activity depend on the clock and are still counted when read.
 */
const COUNTS: Array<{ column: string; table: string }> = [
  { column: 'member_count', table: 'group_members' },
  { column: 'ride_count', table: 'rides' },
];

const change = (column: string, groupId: string, by: '+' | '-') => `update groups set ${column} = ${column} ${by} 1 where id = ${groupId}`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const { column, table } of COUNTS) {
    await db.schema.alterTable('groups').addColumn(column, 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await sql.raw(`update groups set ${column} = (select count(*) from ${table} t where t.group_id = groups.id)`).execute(db);
    const name = `${table}_${column}`;
    if (postgres) {
      // One function per table: TG_OP tells insert, delete and a move to another group apart.
      await sql
        .raw(
          `create function ${name}() returns trigger language plpgsql as $$ begin
            if tg_op in ('DELETE', 'UPDATE') then ${change(column, 'old.group_id', '-')}; end if;
            if tg_op in ('INSERT', 'UPDATE') then ${change(column, 'new.group_id', '+')}; end if;
            return null; end $$`,
        )
        .execute(db);
      await sql.raw(`create trigger ${name}_added after insert on ${table} for each row execute function ${name}()`).execute(db);
      await sql.raw(`create trigger ${name}_removed after delete on ${table} for each row execute function ${name}()`).execute(db);
      await sql
        .raw(`create trigger ${name}_moved after update of group_id on ${table} for each row when (old.group_id is distinct from new.group_id) execute function ${name}()`)
        .execute(db);
    } else {
      await sql.raw(`create trigger ${name}_added after insert on ${table} begin ${change(column, 'new.group_id', '+')}; end`).execute(db);
      await sql.raw(`create trigger ${name}_removed after delete on ${table} begin ${change(column, 'old.group_id', '-')}; end`).execute(db);
      await sql
        .raw(
          `create trigger ${name}_moved after update of group_id on ${table} when old.group_id is not new.group_id begin ${change(column, 'old.group_id', '-')}; ${change(column, 'new.group_id', '+')}; end`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const { column, table } of COUNTS) {
    const name = `${table}_${column}`;
    for (const event of ['added', 'removed', 'moved']) await sql.raw(postgres ? `drop trigger ${name}_${event} on ${table}` : `drop trigger ${name}_${event}`).execute(db);
    if (postgres) await sql.raw(`drop function ${name}()`).execute(db);
    await db.schema.alterTable('groups').dropColumn(column).execute();
  }
}
