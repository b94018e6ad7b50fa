/**
 * What the operators' commands that read the database share (`npm run bug-reports`, `npm run
 * deliveries`): their arguments, and a run against the database the server is configured with
 * (DATABASE_URL, else the SQLite file in DATA_DIR), migrated first so an older file reads as the
 * code expects. A failure prints its message and exits 1.
 */
import { loadConfig, type Config } from '../config';
import { openDatabase, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';

/** The word after `name` on the command line (`--limit 20` -> "20"), or undefined. */
export function argValue(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

/** `--limit N` as a positive number, else `fallback`. */
export function limitArg(fallback = 100): number {
  const limit = Number(argValue('--limit') ?? fallback);
  return Number.isFinite(limit) && limit > 0 ? limit : fallback;
}

/** Runs `task` on the migrated database and closes it; an error is printed and the process exits 1. */
export function runWithDatabase(task: (db: Db, config: Config) => Promise<void>): void {
  const run = async () => {
    const config = loadConfig(process.env);
    const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      await migrateToLatest(db);
      await task(db, config);
    } finally {
      await db.close();
    }
  };
  run().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
