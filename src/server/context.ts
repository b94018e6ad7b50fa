import type https from 'node:https';
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
  /**
   * Test seam, unset outside tests: awaited by a service between the read its first answer comes
   * from and the transaction that decides again under the lock (`await ctx.beforeLock?.('ride-seat')`),
   * so a test can remove a member exactly there (test/pause-point.ts) instead of hoping a race
   * happens. In production it is one property read.
   */
  beforeLock?: (point: LockPoint) => Promise<void>;
  /**
   * Test seam, unset outside tests: the https agent web pushes go through (push/push.service.ts), so
   * a test's fake push service on loopback with a self-signed certificate is trusted by this app
   * alone, not by the whole test process.
   */
  pushAgent?: https.Agent;
}

/** Where a service may pause for a test between its read and its locked transaction (AppContext.beforeLock). */
export type LockPoint = 'ride-seat' | 'group-join' | 'ride-comment' | 'poll-vote' | 'media' | 'invitation' | 'ride-create' | 'poll-create' | 'request-decision' | 'ride-leave' | 'member-action' | 'ride-manage' | 'poll-close' | 'invitation-manage' | 'media-manage' | 'preview-draw' | 'preview-sweep' | 'seats-after-departure' | 'series-change';
