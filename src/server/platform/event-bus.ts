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
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 30_000;

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

/**
 * The LISTEN connection is watched: when it fails (PostgreSQL restarting, an administrator ending
 * it, the network) it is opened again, waiting longer after each failed attempt. Messages sent
 * while it is down are not replayed: they only hint that something changed, and what changed is
 * in the database.
 */
export async function createPostgresBus(connectionString: string, log: FastifyBaseLogger): Promise<EventBus> {
  const local = localBus();
  const publisher = new pg.Pool({ connectionString, max: 2 });
  // As for the main pool (db/database.ts): an idle connection failing must not end the process.
  publisher.on('error', (error) => log.error({ err: error }, 'idle event bus connection failed'));
  let listener: pg.Client | null = null;
  let closed = false;
  let retryMs = RETRY_FIRST_MS;

  const onNotification = (msg: pg.Notification) => {
    if (msg.channel !== CHANNEL || !msg.payload) return;
    try {
      const { topic, payload } = JSON.parse(msg.payload) as { topic: string; payload: unknown };
      local.deliver(topic, payload);
    } catch (error) {
      log.warn({ err: error }, 'ignoring malformed bus message');
    }
  };

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString });
    client.on('notification', onNotification);
    client.on('error', (error) => {
      log.error({ err: error }, 'event bus connection failed');
      reopen(client);
    });
    client.on('end', () => reopen(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (closed) return void (await client.end().catch(() => undefined));
    listener = client;
    retryMs = RETRY_FIRST_MS;
  }

  function reopen(failed: pg.Client): void {
    if (closed || listener !== failed) return;
    listener = null;
    failed.end().catch(() => undefined);
    const attempt = () => {
      if (closed) return;
      listen().catch((error: unknown) => {
        log.warn({ err: error }, `event bus could not listen again; retrying in ${retryMs} ms`);
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
        setTimeout(attempt, retryMs).unref();
      });
    };
    setTimeout(attempt, retryMs).unref();
  }

  await listen();
  return {
    async publish(topic, payload) {
      // NOTIFY payloads are limited to 8000 bytes: publish ids and small records only.
      await publisher.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ topic, payload })]);
    },
    subscribe: local.subscribe,
    async close() {
      closed = true;
      await local.close();
      await listener?.end().catch(() => undefined);
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
