import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { loadGazetteer } from './geocoding/gazetteer';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Invalid configuration: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp({ config, scheduler: true });
  const shutdown = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${config.appName} is running at ${config.publicUrl}`);
  // Load the offline gazetteer now rather than on the first rider's search (it takes a second or two).
  setImmediate(() => loadGazetteer());
}

void main();
