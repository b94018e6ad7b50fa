import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Delivers small messages (such as "user X has a new notification") to every app process.
 * SQLite runs in one process, so an in-process emitter is enough; on PostgreSQL several processes
 * may serve users, so messages travel through LISTEN/NOTIFY and no state stays in one process.
 */
export interface EventBus {
  publish(topic: string, payload: unknown): Promise<void>;
  subscribe(topic: string, handler: (payload: unknown) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'roadcaptain_events';

function localBus(): EventBus & { deliver(topic: string, payload: unknown): void } {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    deliver: (topic, payload) => emitter.emit(topic, payload),
    async publish(topic, payload) {
      emitter.emit(topic, payload);
    },
    subscribe(topic, handler) {
      emitter.on(topic, handler);
      return () => emitter.off(topic, handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export function createInProcessBus(): EventBus {
  return localBus();
}

export async function createPostgresBus(connectionString: string, log: FastifyBaseLogger): Promise<EventBus> {
  const local = localBus();
  const listener = new pg.Client({ connectionString });
  const publisher = new pg.Pool({ connectionString, max: 2 });
  await listener.connect();
  listener.on('notification', (msg) => {
    if (msg.channel !== CHANNEL || !msg.payload) return;
    try {
      const { topic, payload } = JSON.parse(msg.payload) as { topic: string; payload: unknown };
      local.deliver(topic, payload);
    } catch (error) {
      log.warn({ err: error }, 'ignoring malformed bus message');
    }
  });
  listener.on('error', (error) => log.error({ err: error }, 'event bus connection failed'));
  // As for the main pool (db/database.ts): an idle connection failing must not end the process.
  publisher.on('error', (error) => log.error({ err: error }, 'idle event bus connection failed'));
  await listener.query(`LISTEN ${CHANNEL}`);
  return {
    async publish(topic, payload) {
      // NOTIFY payloads are limited to 8000 bytes: publish ids and small records only.
      await publisher.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ topic, payload })]);
    },
    subscribe: local.subscribe,
    async close() {
      await local.close();
      await listener.end().catch(() => undefined);
      await publisher.end().catch(() => undefined);
    },
  };
}

/** The envelope bus messages travel in between cluster workers and their primary. */
interface ClusterBusMessage {
  roadcaptainBus: { topic: string; payload: unknown };
}

function isClusterBusMessage(message: unknown): message is ClusterBusMessage {
  return typeof message === 'object' && message !== null && 'roadcaptainBus' in message;
}

/**
 * For a cluster worker on SQLite (main.ts with WORKERS > 1): messages go to the primary process,
 * which hands them to every worker, this one included (as NOTIFY does on PostgreSQL).
 */
export function createClusterBus(): EventBus {
  const local = localBus();
  const onMessage = (message: unknown) => {
    if (isClusterBusMessage(message)) local.deliver(message.roadcaptainBus.topic, message.roadcaptainBus.payload);
  };
  process.on('message', onMessage);
  return {
    async publish(topic, payload) {
      const message: ClusterBusMessage = { roadcaptainBus: { topic, payload } };
      process.send?.(message);
    },
    subscribe: local.subscribe,
    async close() {
      process.off('message', onMessage);
      await local.close();
    },
  };
}

/** The primary's half of the cluster bus: passes each worker's message on to every live worker. */
export function relayClusterBus(workers: () => Iterable<{ send(message: unknown): boolean; isConnected(): boolean }>, message: unknown): void {
  if (!isClusterBusMessage(message)) return;
  for (const worker of workers()) if (worker.isConnected()) worker.send(message);
}
