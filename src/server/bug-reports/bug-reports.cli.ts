/**
 * npm run bug-reports [-- --limit N] [-- --json]
 *
 * Lists the bug reports riders sent from /report-bug, newest first, from the database the server
 * is configured with (DATABASE_URL, else the SQLite file in DATA_DIR), with the path of each
 * screenshot under DATA_DIR/media. Reads the same environment as the server (GUIDE section 4).
 */
import path from 'node:path';
import { limitArg, runWithDatabase } from '../platform/cli';
import { createStorage } from '../platform/storage';
import { formatBugReport, listBugReports } from './bug-reports.list';

runWithDatabase(async (db, config) => {
  const reports = await listBugReports(db.kysely, createStorage(config), limitArg());
  if (process.argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify(reports, null, 2)}\n`);
  } else if (reports.length === 0) {
    process.stdout.write(`No bug reports in ${config.databaseUrl ? 'the PostgreSQL database' : path.join(config.dataDir, 'roadcaptain.sqlite')}.\n`);
  } else {
    process.stdout.write(`${reports.length} bug report${reports.length === 1 ? '' : 's'}, newest first:\n\n`);
    for (const report of reports) process.stdout.write(formatBugReport(report));
  }
});
