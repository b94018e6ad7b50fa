import { PostgresAdapter, sql, type Expression, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from './schema';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * An aggregate that gathers a group's rows into one JSON array of objects with the given keys, in
 * the given order: json_agg on PostgreSQL, json_group_array on SQLite. Lists use it in a
 * correlated subquery to bring each row's children (a ride's participants) with the row: one
 * query per list instead of two. On PostgreSQL that saves a round trip and the per-row protocol
 * (about a third of an upcoming-rides read); on SQLite it costs the same CPU
 * instructions as the second query did. Read the column with `parseJsonArray`.
 */
export function jsonArrayAgg<T>(db: Executor, fields: Record<keyof T & string, Expression<unknown>>, orderBy: Expression<unknown>): RawBuilder<T[] | string> {
  const pairs = sql.join(Object.entries<Expression<unknown>>(fields).flatMap(([key, value]) => [sql.lit(key), value]));
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<T[]>`coalesce(json_agg(json_build_object(${pairs}) order by ${orderBy}), '[]'::json)`
    : sql<string>`json_group_array(json_object(${pairs}) order by ${orderBy})`;
}

/** The column made by `jsonArrayAgg`: the pg driver parses JSON itself, better-sqlite3 hands back text. */
export function parseJsonArray<T>(value: T[] | string | null): T[] {
  if (value === null) return [];
  return typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
}
