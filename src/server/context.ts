import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/schema';
import type { Engine } from './db/database';
import type { Mailer } from './platform/mailer';
import type { EventBus } from './platform/event-bus';

/**
 * What services need from the outside world, passed explicitly (no service locator): each
 * service function takes the context first and uses only the parts it needs.
 */
export interface AppContext {
  db: Kysely<Database>;
  engine: Engine;
  config: Config;
  mailer: Mailer;
  bus: EventBus;
  log: FastifyBaseLogger;
}
