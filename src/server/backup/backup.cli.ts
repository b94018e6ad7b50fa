/**
 * npm run backup -- <file>    a consistent backup of the running server's database, with a manifest of its stored files
 * npm run restore -- <file>   restores one into an empty DATA_DIR (SQLite) or empty database (DATABASE_URL)
 *
 * Reads the same environment as the server (GUIDE section 4). Stored files (DATA_DIR/media or the
 * bucket) are not inside the backup: copy them alongside it (README, "Backups").
 */
import { ConfigError, loadConfig } from '../config';
import { BackupError, createBackup, restoreBackup } from './backup';

const formatBytes = (bytes: number) => (bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) {
    process.stderr.write('Usage: npm run backup -- <file>   or   npm run restore -- <file>\n');
    process.exit(2);
  }
  const config = loadConfig(process.env);
  if (command === 'backup') {
    const manifest = await createBackup(config, file);
    const fileBytes = manifest.files.reduce((sum, f) => sum + f.size, 0);
    process.stdout.write(`Backed up the ${manifest.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database (${formatBytes(manifest.databaseBytes)}) to ${file}.\n`);
    process.stdout.write(`Its manifest lists ${manifest.files.length} stored files (${formatBytes(fileBytes)}); copy the media folder or bucket as well.\n`);
    if (manifest.missing.length > 0) process.stdout.write(`Warning: ${manifest.missing.length} files the database points at were not in storage: ${manifest.missing.slice(0, 10).join(', ')}\n`);
  } else {
    const { manifest, missingFiles } = await restoreBackup(config, file);
    process.stdout.write(`Restored the backup of ${manifest.createdAt} into ${config.databaseUrl ? 'the PostgreSQL database' : config.dataDir}. The server migrates it at its next start.\n`);
    if (missingFiles.length > 0) {
      process.stdout.write(`${missingFiles.length} of the ${manifest.files.length} stored files the backup lists are not in storage yet: copy the media folder (DATA_DIR/media) or the bucket from where you keep it.\n`);
    } else {
      process.stdout.write(`All ${manifest.files.length} stored files the backup lists are in storage.\n`);
    }
  }
}

main().catch((error: unknown) => {
  const known = error instanceof BackupError || error instanceof ConfigError;
  process.stderr.write(`${known ? (error as Error).message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
