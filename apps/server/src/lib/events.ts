import { EventEmitter } from 'node:events';

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
  | { topic: 'game-config'; cpId: number; data: { productId: number } };

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
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's event bus (app.ts). */
    events: EventBus;
  }
}
