/**
 * npm run deliveries [-- --all] [-- --limit N] [-- --json]
 *
 * Lists the outbox's mails and pushes that failed for good, and those still being tried again
 * (pending after a failed attempt), newest first, with their last error: what an operator looks
 * at when riders say a mail never came. `--all` lists sent and skipped ones too. Reads the same
 * environment as the server (DATABASE_URL, else the SQLite file in DATA_DIR).
 */
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { formatDelivery, listDeliveries } from './deliveries.list';

function argValue(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const limit = Number(argValue('--limit') ?? 100);
  const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(db);
    const rows = await listDeliveries(db.kysely, { all: process.argv.includes('--all'), limit: Number.isFinite(limit) && limit > 0 ? limit : 100 });
    if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    else if (rows.length === 0) process.stdout.write('No failed deliveries, and none being tried again.\n');
    else {
      process.stdout.write(`${rows.length} deliver${rows.length === 1 ? 'y' : 'ies'}, newest first:\n\n`);
      for (const row of rows) process.stdout.write(formatDelivery(row));
    }
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
