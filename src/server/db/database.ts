import crypto from 'node:crypto';
import path from 'node:path';
import SQLite from './sqlite-driver';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteStatement } from 'kysely';
import type { Database } from './schema';
import { StartupError } from '../platform/errors';
import { createPrivateFileSync, makePrivateDirSync } from '../platform/private-files';

export type Engine = 'sqlite' | 'postgres';

/** The SQLite database file in a data directory. */
export function sqliteFile(dataDir: string): string {
  return path.join(dataDir, 'roadcaptain.sqlite');
}

export interface Db {
  kysely: Kysely<Database>;
  engine: Engine;
  /** For PostgreSQL: the connection string, so platform services (LISTEN/NOTIFY) can open their own client. */
  postgresUrl: string | null;
  close(): Promise<void>;
}

/**
 * The only place that knows which engine is behind Kysely. SQLite settings follow GUIDE section 5
 * (see applySqliteSettings); a DatabaseSettingsError means the server must not start.
 */
export function openDatabase(options: { databaseUrl: string | null; dataDir: string; onConnectionError?: (error: Error) => void }): Db {
  if (options.databaseUrl) {
    // random_page_cost 1.1 instead of 4: PostgreSQL's default prices an index lookup as a disk seek
    // and so hash-joins whole tables (every user, to name 150 participants) where a few key lookups
    // do; our working set is small and on SSD or in memory, where 1.1 is the usual setting.
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, options: '-c random_page_cost=1.1' });
    pool.on('connect', preparePerText);
    // An idle pooled connection can fail on its own: PostgreSQL restarting, an administrator ending
    // the session, the network. pg reports that as the pool's 'error' event, which without a
    // listener ends the whole process; the pool drops the broken connection and opens another.
    pool.on('error', (error) => options.onConnectionError?.(error));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, engine: 'postgres', postgresUrl: options.databaseUrl, close: () => kysely.destroy() };
  }
  makePrivateDirSync(options.dataDir);
  const file = sqliteFile(options.dataDir);
  // It holds every rider's e-mail and every feed secret: made 0600 before SQLite writes to it, and
  // SQLite gives the -wal and -shm files it makes beside it the same mode.
  createPrivateFileSync(file);
  const sqlite = new SQLite(file);
  try {
    applySqliteSettings(sqlite, file);
  } catch (error) {
    sqlite.close();
    throw error;
  }
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { kysely, engine: 'sqlite', postgresUrl: null, close: () => kysely.destroy() };
}

/** SQLite settings that could not be put in place: the server must not start on them. */
export class DatabaseSettingsError extends StartupError {}

export interface SqliteSettings {
  journalMode: string;
  /** 2 is FULL. */
  synchronous: number;
  foreignKeys: number;
}

const FULL = 2;

/**
 * What is wrong with the settings SQLite reports back, or null. SQLite does not fail when it
 * cannot switch to WAL (a network file system without shared memory, for one): it answers with
 * the mode it kept. Without WAL, readers block the writer and a crash can lose more; so the
 * settings GUIDE section 5 relies on are read back rather than assumed.
 */
export function sqliteSettingsProblem(file: string, settings: SqliteSettings): string | null {
  if (settings.journalMode.toLowerCase() !== 'wal') {
    return `SQLite cannot use its write-ahead log for ${file} (journal_mode stays "${settings.journalMode}"): put DATA_DIR on a local disk, not a network file system, or use PostgreSQL (DATABASE_URL)`;
  }
  if (settings.synchronous !== FULL) return `SQLite keeps synchronous at ${settings.synchronous} instead of 2 (FULL) for ${file}`;
  if (settings.foreignKeys !== 1) return `SQLite keeps foreign key checks off for ${file}`;
  return null;
}

/** GUIDE section 5's settings: WAL, synchronous=FULL, foreign keys on, a busy timeout; each read back. */
function applySqliteSettings(sqlite: SQLite.Database, file: string): void {
  // First, so that switching to WAL waits for another process's lock rather than failing at once.
  sqlite.pragma('busy_timeout = 5000');
  try {
    sqlite.pragma('journal_mode = WAL');
  } catch (error) {
    throw new DatabaseSettingsError(`SQLite cannot switch ${file} to its write-ahead log: ${(error as Error).message}`);
  }
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  const problem = sqliteSettingsProblem(file, {
    journalMode: String(sqlite.pragma('journal_mode', { simple: true })),
    synchronous: Number(sqlite.pragma('synchronous', { simple: true })),
    foreignKeys: Number(sqlite.pragma('foreign_keys', { simple: true })),
  });
  if (problem) throw new DatabaseSettingsError(problem);
}

/**
 * Kysely's SQLite driver prepares every statement again on each query, and better-sqlite3 builds
 * each row object key by key in native code; on the benchmark (GUIDE section 8) those two were
 * over a third of a list read. So statements are prepared once per SQL text, and rows are read as
 * arrays and turned into objects by a function made once per statement, which V8 runs at full
 * speed. The cache is emptied when it grows past a bound, since `in (?, ?, ...)` lists of every
 * length are distinct texts. Reusing a statement is safe: the driver runs one query at a time on
 * its only connection.
 */
function withStatementCache(sqlite: SQLite.Database): { prepare(sqlText: string): SqliteStatement; close(): void } {
  const statements = new Map<string, SqliteStatement>();
  const schemaVersionStatement = sqlite.prepare('pragma schema_version').pluck();
  const schemaVersion = () => schemaVersionStatement.get() as number;
  return {
    prepare(sqlText) {
      let statement = statements.get(sqlText);
      if (!statement) {
        if (statements.size >= 500) statements.clear();
        statement = fastRows(sqlite.prepare(sqlText), schemaVersion);
        statements.set(sqlText, statement);
      }
      return statement;
    },
    close: () => sqlite.close(),
  };
}

function fastRows(statement: SQLite.Statement, schemaVersion: () => number): SqliteStatement {
  if (!statement.reader) return { reader: false, all: (p) => statement.all(p), run: (p) => statement.run(p), iterate: (p) => statement.iterate(p) };
  let builtAt = schemaVersion();
  let toObject = rowBuilder(statement.columns().map((c) => c.name));
  statement.raw(true);
  // After any schema change, by a migration here or in another process (a rolling deploy), SQLite
  // prepares the statement again on its own when it next runs: `select *` and `"rides".*` may then
  // have other columns, more or fewer or the same number in another order (a column dropped and
  // one added). So whenever the schema version differs from the one the builder was made at, it
  // is made again from the statement's columns, read after the run that may have prepared it
  // again. It is stamped with the version read before that run: a change landing during the run
  // is then caught by the next one. Reading the version costs a tenth of a microsecond; reading
  // the columns on every run would cost more than the query.
  const builderAfterRun = (before: number) => {
    if (schemaVersion() !== builtAt) {
      builtAt = before;
      toObject = rowBuilder(statement.columns().map((c) => c.name));
    }
    return toObject;
  };
  return {
    reader: true,
    all(params) {
      const before = schemaVersion();
      const rows = statement.all(params) as unknown[][];
      return rows.length === 0 ? [] : rows.map(builderAfterRun(before));
    },
    run: (params) => statement.run(params),
    *iterate(params) {
      const before = schemaVersion();
      let build: ((row: unknown[]) => Record<string, unknown>) | undefined;
      for (const row of statement.iterate(params) as IterableIterator<unknown[]>) {
        build ??= builderAfterRun(before);
        yield build(row);
      }
    },
  };
}

/**
 * `(row) => ({ "id": row[0], "name": row[1], ... })` for one statement's columns. The names come
 * from our own SQL and are written as JSON string literals, so nothing is interpreted as code; a
 * repeated name keeps the last value, as better-sqlite3's own objects do.
 */
function rowBuilder(names: string[]): (row: unknown[]) => Record<string, unknown> {
  const fields = names.map((name, i) => `${JSON.stringify(name)}: row[${i}]`).join(', ');
  return new Function('row', `return { ${fields} };`) as (row: unknown[]) => Record<string, unknown>;
}

/**
 * PostgreSQL plans every unnamed query again; for the list reads, with their correlated counts,
 * planning took longer than running. Each connection therefore prepares a query once under a name
 * derived from its text and reuses the statement (and, after a few runs, a generic plan). At most
 * PREPARED_PER_CONNECTION texts are prepared per connection; further ones run unnamed, so a
 * connection's memory stays bounded whatever `in (...)` lists arrive.
 */
const PREPARED_PER_CONNECTION = 500;

/**
 * `select *`, `"rides".*`, `returning *`: a statement prepared with these fixes its columns, so
 * once a migration adds one (a rolling deploy: the old release still serving while the new one
 * migrates) PostgreSQL refuses to run it ("cached plan must not change result type"), and inside a
 * transaction that error cannot be retried. Such statements run unnamed: planned each time, they
 * see the table as it is.
 */
const READS_EVERY_COLUMN = /(^|[\s,(])("[^"]+"\.|\w+\.)?\*(\s|,|$)/;

function preparePerText(client: pg.PoolClient): void {
  // SQL text -> statement name, for the texts this connection has prepared.
  const prepared = new Map<string, string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    if (typeof config === 'string' && Array.isArray(values) && callback === undefined) {
      let name = prepared.get(config);
      if (name === undefined && prepared.size < PREPARED_PER_CONNECTION && /^\s*(select|insert|update|delete|with)\b/i.test(config) && !READS_EVERY_COLUMN.test(config)) {
        name = `rc_${crypto.createHash('sha1').update(config).digest('base64url')}`;
        prepared.set(config, name);
      }
      if (name !== undefined) return query({ name, text: config, values });
    }
    return query(config, values, callback);
  };
}

/** Counts come back as strings from pg and numbers from SQLite. */
export function toCount(value: string | number | bigint | null | undefined): number {
  return Number(value ?? 0);
}

/** A `double precision` column (pg may hand numbers over as text); null stays null, never 0. */
export function toNumberOrNull(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

export function toBool(value: number | boolean | null | undefined): boolean {
  return value === true || value === 1;
}

export function nowIso(): string {
  return new Date().toISOString();
}
