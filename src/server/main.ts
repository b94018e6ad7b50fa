import cluster from 'node:cluster';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/database';
import { StartupError } from './platform/errors';
import { tightenDataDirAtStart } from './platform/private-files';
import { createStorage } from './platform/storage';
import { migrateToLatest } from './db/migrate';
import { createClusterBus, relayClusterBus } from './platform/event-bus';
import { buildGazetteerFileApart, openGazetteer } from './geocoding/gazetteer';
import { sweepTempFilesAtStart } from './housekeeping';

/**
 * npm start. With WORKERS > 1 (the default on a machine with several cores) this process becomes
 * the cluster primary: it migrates the database once, then starts WORKERS server processes that
 * share the port, relays the event bus between them and replaces a worker that dies. No state
 * lives in a worker's memory (GUIDE section 1), so any worker can serve any request.
 */
/** Set by the primary in the environment of the worker that runs the housekeeping jobs. */
const SCHEDULER_WORKER = 'ROADCAPTAIN_SCHEDULER_WORKER';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Invalid configuration: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  try {
    if (config.workers > 1 && cluster.isPrimary) await runPrimary(config);
    else await runServer(config);
  } catch (error) {
    // One clear line rather than a stack: the operator has something to fix before starting again.
    if (error instanceof StartupError) {
      console.error(`Cannot start: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

async function runServer(config: Config): Promise<void> {
  // On SQLite the workers have no shared database channel: the primary carries bus messages.
  // Housekeeping runs once per machine: in the single process, or in the worker the primary names.
  const scheduler = cluster.isPrimary || process.env[SCHEDULER_WORKER] === '1';
  // A single process makes an older installation's files private (platform/private-files.ts), builds
  // the gazetteer file before the app opens it (a worker finds it built), and sweeps what uploads cut
  // off by the previous run left (the cluster primary does all three for its workers).
  if (cluster.isPrimary) {
    tightenDataDirAtStart(config.dataDir, console);
    await createStorage(config).checkAccess();
    buildGazetteerFileApart(config.gazetteerDir);
    await sweepTempFilesAtStart(config);
  }
  const app = await buildApp({ config, scheduler, bus: cluster.isWorker ? createClusterBus() : undefined });
  const shutdown = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  if (cluster.isPrimary) app.log.info(`${config.appName} is running at ${config.publicUrl}`);
  // Open the gazetteer file now rather than on the first rider's search.
  setImmediate(() => openGazetteer());
}

async function runPrimary(config: Config): Promise<void> {
  // Before the database is opened, so that SQLite makes its -wal and -shm files as private as the database.
  tightenDataDirAtStart(config.dataDir, console);
  // Migrate before any worker opens the database, so workers never race to migrate.
  const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(db);
  await db.close();
  await createStorage(config).checkAccess();
  // Before any worker starts an upload; a worker that dies later leaves its temp files to the
  // running job or the next start, since a sweep then would cut other workers' uploads.
  await sweepTempFilesAtStart(config);
  // Build the offline gazetteer file once, before any worker needs it; the workers open it read-only.
  buildGazetteerFileApart(config.gazetteerDir);

  let stopping = false;
  let listening = 0;
  // A worker that dies soon after it started is replaced after a growing pause (1 s, 2 s... 30 s),
  // so a crash at start does not become a busy loop of forks.
  let restartDelayMs = 0;
  const startedAt = new Map<number, number>();
  // The one worker that runs the housekeeping jobs (a replacement inherits the role).
  let schedulerWorkerId: number | null = null;
  const liveWorkers = () => Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
  const fork = (runsScheduler: boolean) => {
    const worker = cluster.fork(runsScheduler ? { [SCHEDULER_WORKER]: '1' } : {});
    worker.on('message', (message: unknown) => relayClusterBus(liveWorkers, message));
    startedAt.set(worker.id, Date.now());
    if (runsScheduler) schedulerWorkerId = worker.id;
  };

  cluster.on('listening', () => {
    listening += 1;
    if (listening === config.workers) console.log(`${config.appName} is running at ${config.publicUrl} with ${config.workers} worker processes`);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`worker ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another`);
    // A worker that cannot start at all (a broken configuration) would otherwise restart forever.
    if (listening === 0) {
      console.error('no worker ever started; stopping');
      process.exit(1);
    }
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    restartDelayMs = lived < 5000 ? Math.min(30_000, Math.max(1000, restartDelayMs * 2)) : 0;
    const runsScheduler = worker.id === schedulerWorkerId;
    setTimeout(() => {
      if (!stopping) fork(runsScheduler);
    }, restartDelayMs);
  });
  for (let i = 0; i < config.workers; i++) fork(i === 0);

  const shutdown = () => {
    stopping = true;
    const workers = liveWorkers();
    if (workers.length === 0) process.exit(0);
    let remaining = workers.length;
    for (const worker of workers) {
      worker.once('exit', () => {
        remaining -= 1;
        if (remaining === 0) process.exit(0);
      });
      worker.process.kill('SIGTERM');
    }
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

void main();
