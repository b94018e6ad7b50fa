/**
 * npm run deliveries [-- --all] [-- --limit N] [-- --json]
 *
 * Lists the outbox's mails and pushes that failed for good, and those still being tried again
 * (pending after a failed attempt), newest first, with their last error: what an operator looks
 * at when riders say a mail never came. `--all` lists sent and skipped ones too. Reads the same
 * environment as the server (DATABASE_URL, else the SQLite file in DATA_DIR).
 */
import { limitArg, runWithDatabase } from '../platform/cli';
import { formatDelivery, listDeliveries } from './deliveries.list';

runWithDatabase(async (db) => {
  const rows = await listDeliveries(db.kysely, { all: process.argv.includes('--all'), limit: limitArg() });
  if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
  else if (rows.length === 0) process.stdout.write('No failed deliveries, and none being tried again.\n');
  else {
    process.stdout.write(`${rows.length} deliver${rows.length === 1 ? 'y' : 'ies'}, newest first:\n\n`);
    for (const row of rows) process.stdout.write(formatDelivery(row));
  }
});
