import pg from 'pg';
import type { FastifyReply } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import type { Scope } from './access.ts';

/*
 * The list page cache: a list page's answer kept as the JSON text sent, served again as long as its
 * table has not changed, and never once it has.
 *
 * Each cached table has a statement-level trigger (`list_changed`, migration 0069) adding a row of
 * weight 1 to `list_changes` in the transaction of every INSERT, UPDATE, DELETE or TRUNCATE on it,
 * whatever made it (a route, an import, another instance, psql). The table's stamp, the sum of its
 * weights, therefore changes with its data, atomically, and only ever grows (compaction keeps the
 * sum). A request reads the stamp first, then looks up its page: an entry of the same stamp is sent
 * as it is. Otherwise the page is read as before and kept with the stamp read *before* it: a change
 * committed in between is in the page but not in that stamp, so the entry looks older than it is
 * and the next request misses; it can never look newer than its data.
 *
 * Only for lists whose answer is the rows alone, a function of the table's rows, the scope's CP,
 * product and dimension and the query: no other table joined or completed from, nothing of the
 * clock, nothing of the caller beyond that scope (their permission to read is checked before, on
 * every request). docs/resources.md, "Cached list pages".
 */

/** A kept page: the stamp read before it was read, and the answer's text. */
export interface CachedPage {
  stamp: bigint;
  body: string;
}

/**
 * Pages by key, least recently used dropped first, bounded by count and by size (a string's
 * characters counted two bytes each, what V8 keeps at most). A page larger than an eighth of the
 * bound is not kept.
 */
export class PageLru {
  private readonly pages = new Map<string, CachedPage>();
  private size = 0;

  constructor(
    readonly maxEntries = 500,
    readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  /** The entries kept and their bytes. */
  get usage(): { entries: number; bytes: number } {
    return { entries: this.pages.size, bytes: this.size };
  }

  get(key: string): CachedPage | undefined {
    const page = this.pages.get(key);
    if (page) {
      // Most recently used last (a Map iterates in insertion order).
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  /** Keeps a page, unless one of a later stamp is kept already (a slower request's older read). */
  set(key: string, page: CachedPage): void {
    const bytes = bytesOf(key, page.body);
    if (bytes > this.maxBytes / 8) return;
    const known = this.pages.get(key);
    if (known) {
      if (known.stamp > page.stamp) return;
      this.pages.delete(key);
      this.size -= bytesOf(key, known.body);
    }
    this.pages.set(key, page);
    this.size += bytes;
    for (const [oldest, old] of this.pages) {
      if (this.pages.size <= this.maxEntries && this.size <= this.maxBytes) break;
      this.pages.delete(oldest);
      this.size -= bytesOf(oldest, old.body);
    }
  }

  clear(): void {
    this.pages.clear();
    this.size = 0;
  }
}

const bytesOf = (key: string, body: string) => 2 * (key.length + body.length);

/** A table's change rows beyond which a request folds them into one (the stamp's query sums them all). */
export const COMPACT_AFTER = 100;

/** Per table: whether it has the trigger (checked once), a compaction running, the next stamp read. */
interface TableState {
  triggered: Promise<boolean>;
  compacting: boolean;
  /** The stamp read not sent yet: requests arriving before it is sent share it. */
  next?: Promise<{ stamp: bigint; rows: number }>;
}

/** What a database's cache holds: its pages, and per table whether its trigger is there. */
interface DatabaseCache {
  pages: PageLru;
  /** Per table: whether it has the trigger (checked once), and whether a compaction runs. */
  tables: Map<string, TableState>;
  /** Answers served from a kept page, and answers read (tests follow the cache with them). */
  stats: { hits: number; misses: number };
}

/** Per database handle (each instance has its own; a test's instances share no page). */
const caches = new WeakMap<Db, DatabaseCache>();

function cacheOf(db: Db): DatabaseCache {
  let cache = caches.get(db);
  if (!cache)
    caches.set(db, (cache = { pages: new PageLru(), tables: new Map(), stats: { hits: 0, misses: 0 } }));
  return cache;
}

/** The pages kept for `db` (tests read their bounds). */
export function listPagesOf(db: Db): PageLru {
  return cacheOf(db).pages;
}

/** How many list answers on `db` were sent from the cache, and how many were read. */
export function listCacheStats(db: Db): { hits: number; misses: number } {
  return { ...cacheOf(db).stats };
}

/** One query on the pool, as a named statement (parsed once per connection) when `db` is a pool's. */
async function query<R extends unknown[]>(
  db: Db,
  name: string,
  text: string,
  values: unknown[],
): Promise<R[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    return (await client.query<R>({ name, text, values, rowMode: 'array' })).rows;
  }
  // Elsewhere (a transaction's handle): the same text through drizzle, values in order.
  const chunks = text.split(/\$(\d+)/);
  const parts = chunks.map((chunk, i) => (i % 2 ? sql`${values[Number(chunk) - 1]}` : sql.raw(chunk)));
  const result = (await db.execute(sql.join(parts))) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((row) => Object.values(row) as R);
}

/** Whether `table` has the trigger of migration 0069 (enabled, after each statement of every kind of write). */
async function hasTrigger(db: Db, table: string): Promise<boolean> {
  const [row] = await query<[boolean]>(
    db,
    'list_cache_trigger',
    `select exists (select 1 from pg_trigger t join pg_proc p on p.oid = t.tgfoid
       where t.tgrelid = to_regclass($1) and p.proname = 'list_changed' and t.tgenabled <> 'D'
         and t.tgtype & 1 = 0 and t.tgtype & 2 = 0 and t.tgtype & 60 = 60)`,
    [table],
  );
  return row?.[0] === true;
}

/** The table's stamp (the sum of its change rows) and how many rows hold it. */
export async function stampOf(db: Db, table: string): Promise<{ stamp: bigint; rows: number }> {
  const [row] = await query<[string, number]>(
    db,
    'list_cache_stamp',
    'select coalesce(sum(weight), 0)::text, count(*)::int from list_changes where table_name = $1',
    [table],
  );
  return { stamp: BigInt(row![0]), rows: row![1] };
}

/**
 * Folds the table's change rows into one of the same sum, in one statement: the rows it deletes are
 * those it sees, a writer's row committed meanwhile stays, so the stamp never moves.
 */
export async function compactListChanges(db: Db, table: string): Promise<void> {
  await query(
    db,
    'list_cache_compact',
    `with d as (delete from list_changes where table_name = $1 returning weight)
     insert into list_changes (table_name, weight) select $1, sum(weight) from d having count(*) > 0`,
    [table],
  );
}

/**
 * The table's stamp, read by one query for every request that asks before it is sent: the query
 * goes once the event loop has taken in what arrived (`setImmediate`), so it starts after each of
 * those requests did and sees every change committed before any of them came. A request arriving
 * once it is sent waits for the next one.
 */
function sharedStamp(db: Db, table: string, state: TableState): Promise<{ stamp: bigint; rows: number }> {
  if (!state.next) {
    state.next = new Promise((resolve, reject) => {
      setImmediate(() => {
        state.next = undefined;
        stampOf(db, table).then(resolve, reject);
      });
    });
  }
  return state.next;
}

/**
 * The key of a list page: the resource, the scope's CP, product and dimension, and every field of
 * the validated query (sorted, absent ones left out). Not the caller: a cached list's answer does not
 * depend on who asks, once the access rule let them.
 */
export function pageKey(resource: string, scope: Scope, query: Record<string, unknown>): string {
  const fields = Object.keys(query)
    .filter((name) => query[name] !== undefined)
    .sort()
    .map((name) => [name, query[name]]);
  const dimension = scope.dimension ? [scope.dimension.name, scope.dimension.value] : null;
  return JSON.stringify([resource, scope.cpId, scope.productId, dimension, fields]);
}

/**
 * The answer of a list request on `table`, from the cache when its stamp is still the table's, else
 * from `answer()` (then kept). Sent as the JSON text Fastify would have sent for `answer()`'s value.
 */
export async function cachedListAnswer(
  db: Db,
  table: string,
  key: string,
  reply: FastifyReply,
  answer: () => Promise<unknown>,
): Promise<unknown> {
  const cache = cacheOf(db);
  let state = cache.tables.get(table);
  if (!state) {
    // A failed check (the database away a moment) is tried again by the next request.
    const triggered = hasTrigger(db, table).then(
      (found) => {
        if (!found)
          console.warn(`list cache: ${table} has no list_changed trigger, its pages are not cached`);
        return found;
      },
      () => {
        cache.tables.delete(table);
        return false;
      },
    );
    cache.tables.set(table, (state = { triggered, compacting: false }));
  }
  if (!(await state.triggered)) return answer();
  // First the stamp, then the page: an entry never looks newer than its data.
  const { stamp, rows } = await sharedStamp(db, table, state);
  if (rows > COMPACT_AFTER && !state.compacting) {
    const running = state;
    running.compacting = true;
    void compactListChanges(db, table)
      .catch((error: Error) => console.warn(`list cache: compaction of ${table} failed: ${error.message}`))
      .finally(() => (running.compacting = false));
  }
  const hit = cache.pages.get(key);
  let body: string;
  if (hit && hit.stamp === stamp) {
    body = hit.body;
    cache.stats.hits++;
  } else {
    cache.stats.misses++;
    // What Fastify sends for a value without a response schema: its JSON.stringify.
    body = JSON.stringify(await answer());
    cache.pages.set(key, { stamp, body });
  }
  reply.header('content-type', 'application/json; charset=utf-8');
  return body;
}
