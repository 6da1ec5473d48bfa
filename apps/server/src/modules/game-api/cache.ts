import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PRODUCT_HEADER } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { etagOf } from '../../lib/request.ts';
import type { EventBus } from '../../lib/events.ts';
import type { SecretBox } from '../../lib/secret-box.ts';

export interface CachedAnswer {
  /** The JSON answer, as sent. */
  body: string;
  etag: string;
  expires: number;
}

/**
 * The game API's answers in memory, per product and query (language included), for a short time.
 * The console's writes drop the product's answers at once (`invalidateOnWrite`), on every server
 * instance through the event bus (`shareInvalidations`); when the bus cannot reach another instance,
 * that one serves its copy until the TTL runs out.
 */
export class GameAnswerCache {
  private readonly products = new Map<number, Map<string, CachedAnswer>>();
  /** Moves on with each invalidation: an answer computed before a write is not kept after it. */
  private readonly generations = new Map<number, number>();

  constructor(
    readonly ttlMs = 30_000,
    /** Answers kept per product: free-text queries (auto-reply matching) must not grow it without bound. */
    private readonly perProduct = 500,
  ) {}

  get(productId: number, key: string, now = Date.now()): CachedAnswer | undefined {
    const answers = this.products.get(productId);
    const hit = answers?.get(key);
    if (!hit) return undefined;
    if (hit.expires > now) return hit;
    answers!.delete(key);
    return undefined;
  }

  generation(productId: number): number {
    return this.generations.get(productId) ?? 0;
  }

  /** Keeps the answer unless the product's data changed since `generation` was read. */
  set(productId: number, key: string, body: string, generation: number, now = Date.now()): CachedAnswer {
    const answer = { body, etag: etagOf(body), expires: now + this.ttlMs };
    if (generation !== this.generation(productId)) return answer;
    let answers = this.products.get(productId);
    if (!answers) this.products.set(productId, (answers = new Map()));
    // Oldest first: a Map iterates in insertion order.
    if (answers.size >= this.perProduct) answers.delete(answers.keys().next().value!);
    answers.set(key, answer);
    return answer;
  }

  invalidate(productId: number): void {
    this.generations.set(productId, this.generation(productId) + 1);
    this.products.delete(productId);
  }
}

/** Options of the console routes whose data the game API serves (and of the game API itself). */
export interface GameConfigRouteOptions {
  db: Db;
  authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  cache: GameAnswerCache;
  secrets: SecretBox;
}

/**
 * Drops the product's cached game answers after each successful write of the plugin's routes, here
 * and (`game-config` on the event bus) on every other instance. It runs on `onSend`, once the write's
 * transaction has committed and before the caller sees the answer.
 */
export function invalidateOnWrite(app: FastifyInstance, cache: GameAnswerCache): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      const raw = request.headers[PRODUCT_HEADER];
      const id = Number(Array.isArray(raw) ? raw[0] : raw);
      if (Number.isSafeInteger(id) && id > 0) {
        cache.invalidate(id);
        app.events.publish({ topic: 'game-config', cpId: request.auth?.cpId ?? 0, data: { productId: id } });
      }
    }
    return payload;
  });
}

/** Drops a product's answers whenever any instance wrote its configuration; returns the unsubscribe. */
export function shareInvalidations(events: EventBus, cache: GameAnswerCache): () => void {
  return events.subscribe((event) => {
    if (event.topic === 'game-config') cache.invalidate(event.data.productId);
  });
}
