import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { CsLiveData } from '@rx/contracts';

/**
 * Something that happened which other parts of the server, other instances and signed-in consoles
 * may want to know about. Small: ids and counts, never whole rows (a listener re-reads what it
 * needs, with its own permissions).
 */
export type LiveEvent =
  /** A notification for one staff member (the header bell). */
  | { topic: 'notification'; cpId: number; userId: number; data: { id: number; kind: string; title: string } }
  /** A job moved: status or progress. Sent to its owner (and admins of the CP). */
  | {
      topic: 'job';
      cpId: number;
      userId: number;
      data: { id: number; kind: string; status: string; done: number; failed: number; total: number };
    }
  /** An approval request was created or decided. `userId`: the maker. */
  | { topic: 'approval'; cpId: number; userId: number; data: { id: number; action: string; status: string } }
  /** A staff member's roles or permissions changed: their consoles reload the menu. */
  | { topic: 'permissions'; cpId: number; userId: number; data: Record<string, never> }
  /** A product's game configuration changed: every instance drops its game-API answers for it. */
  | { topic: 'game-config'; cpId: number; data: { productId: number } }
  /**
   * A sign-in of this staff member may have ended (sign-out, disabled, password reset): every
   * instance re-checks their live connections at once. `userId` 0: re-check everyone's.
   */
  | { topic: 'session'; cpId: number; userId: number; data: Record<string, never> }
  /**
   * A customer-service conversation changed (modules/cs): a message, an assignment, its state.
   * `userId`: its agent, 0 when nobody holds it. The consoles hearing it are those its data concerns
   * (the cs module's live audience: its agents, those with it open or watching its queue).
   */
  | { topic: 'cs'; cpId: number; userId: number; data: CsLiveData };

export type LiveTopic = LiveEvent['topic'];

/**
 * The server's event bus. On one instance an in-process emitter; with REDIS_URL, events published
 * on any instance reach the subscribers of every instance (`redisBus`).
 */
export interface EventBus {
  /** Delivers to the subscribers of this instance and, when shared, of the others. */
  publish(event: LiveEvent): void;
  /** Returns the function that unsubscribes. */
  subscribe(listener: (event: LiveEvent) => void): () => void;
  close(): Promise<void>;
  /** Resolves once events from other instances arrive (the subscription is in place); local: at once. */
  ready?(): Promise<void>;
}

/** The bus of a single instance. */
export function localBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish(event) {
      emitter.emit('event', event);
    },
    subscribe(listener) {
      // One failing listener must neither stop the others nor fail the write that published.
      const guarded = (event: LiveEvent) => {
        try {
          listener(event);
        } catch (err) {
          process.emitWarning(`event listener failed on ${event.topic}: ${String(err)}`);
        }
      };
      emitter.on('event', guarded);
      return () => emitter.off('event', guarded);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** Closes a Redis connection: politely when connected; at once when not (QUIT would wait for Redis). */
export async function end(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => undefined);
  redis.disconnect();
}

interface Envelope {
  /** The publishing instance: it delivered the event locally already and ignores the echo. */
  from: string;
  event: LiveEvent;
}

interface BusLogger {
  warn(object: object, message: string): void;
}

/**
 * The bus of several instances sharing one Redis: one connection publishes, one subscribes (a
 * subscribed connection can do nothing else). An event is delivered to this instance's subscribers
 * at once and sent to the channel as JSON with this instance's id; each instance delivers what the
 * others sent, and ignores its own echo. ioredis reconnects with backoff and subscribes again; events
 * published while Redis is unreachable reach this instance only (the game-API cache falls back on
 * its TTL, consoles on their polling).
 */
export function redisBus(
  url: string,
  options: { channel: string; log?: BusLogger; instanceId?: string },
): EventBus {
  const instance = options.instanceId ?? randomUUID();
  /** The deployment's own channel (lib/redis-namespace.ts): deployments sharing one Redis keep apart. */
  const { channel } = options;
  const local = localBus();
  const retryStrategy = (times: number) => Math.min(200 * 2 ** Math.min(times, 6), 10_000);
  // Publishing never waits long for a Redis that is down: the event has reached this instance.
  const publisher = new Redis(url, {
    retryStrategy,
    maxRetriesPerRequest: 2,
    connectionName: 'rx-events-pub',
  });
  const subscriber = new Redis(url, { retryStrategy, connectionName: 'rx-events-sub' });
  let lastWarning = 0;
  const warn = (err: unknown, message: string) => {
    // One line per ten seconds at most while Redis is away.
    if (Date.now() - lastWarning < 10_000) return;
    lastWarning = Date.now();
    options.log?.warn({ err }, message);
  };
  publisher.on('error', (err) => warn(err, 'event bus: Redis publisher'));
  subscriber.on('error', (err) => warn(err, 'event bus: Redis subscriber'));
  const subscribed = subscriber.subscribe(channel).then(
    () => undefined,
    (err: unknown) => warn(err, 'event bus: subscribe failed (retried on reconnect)'),
  );
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch {
      return;
    }
    if (envelope.from === instance || typeof envelope.event?.topic !== 'string') return;
    local.publish(envelope.event);
  });
  let closed = false;
  return {
    publish(event) {
      local.publish(event);
      if (closed) return;
      const envelope: Envelope = { from: instance, event };
      publisher.publish(channel, JSON.stringify(envelope)).catch((err: unknown) => {
        warn(err, 'event bus: publish failed (delivered on this instance only)');
      });
    },
    subscribe: (listener) => local.subscribe(listener),
    ready: () => subscribed,
    async close() {
      closed = true;
      await local.close();
      await Promise.allSettled([subscriber, publisher].map(end));
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's event bus (app.ts). */
    events: EventBus;
  }
}
