import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { queryRows } from '../../lib/rows.ts';

/** One click on a short link, as the redirect keeps it (README: nothing more of the visitor). */
export interface ShareClick {
  linkId: number;
  sharer: string | null;
  device: 'ios' | 'android' | 'desktop';
  strategyId: number | null;
  variant: string | null;
}

/** How many click ids one read of the sequence takes (a burst of clicks: one query per block). */
const ID_BLOCK = 200;
/** What one statement writes at most. */
const FLUSH_ROWS = 1000;
/** How long a click waits for others before it is written. */
const FLUSH_MS = 100;
let flushMs = FLUSH_MS;
/** How long clicks wait from now on (tests hold them to see them wait; the module's reset puts it back). */
export function setShareClickWait(ms: number): void {
  flushMs = ms;
}
export function resetShareClickWait(): void {
  flushMs = FLUSH_MS;
}
/** Tries of one batch (a deadlock between two instances' batches, a dropped connection). */
const ATTEMPTS = 3;

type Row = ShareClick & { id: number; createdAt: Date };

/**
 * Records the clicks of `GET /s/:code` without a write transaction per click. A click gets its id
 * at once (from a block of the `share_clicks` sequence read ahead, so the redirect can carry it),
 * and waits in memory with others: one statement per up to FLUSH_ROWS clicks, at most FLUSH_MS
 * after the first, one statement at a time, inserts their rows (INSERT … SELECT unnest) and adds
 * them to their links' counters — the rows and the counters land together or not at all. A click
 * on a link deleted meanwhile is dropped with it.
 *
 * A reader that needs every click so far (the console's figures, a lottery's entry condition, an
 * event naming a click still waiting) awaits `settled()`. Closing (`close()`, before the server
 * stops) writes what waits, and from then on each click is written before its redirect answers:
 * the app's last requests are recorded before the database closes.
 */
export class ShareClickLog {
  private buffer: Row[] = [];
  private timer: NodeJS.Timeout | null = null;
  /** The statements being written, in turn (one at a time). */
  private writing: Promise<void> = Promise.resolve();
  /** Ids of clicks not yet written (waiting or in a statement under way). */
  private readonly pending = new Set<number>();
  private ids: number[] = [];
  private nextId = 0;
  private reading: Promise<void> | null = null;
  private closing = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Records a click; answers its id (the click is written within FLUSH_MS, or before this answers once closing). */
  async record(click: ShareClick): Promise<number> {
    const id = await this.takeId();
    this.buffer.push({ ...click, id, createdAt: new Date() });
    this.pending.add(id);
    if (this.closing || this.buffer.length >= FLUSH_ROWS) {
      const written = this.flush();
      if (this.closing) await written;
    } else this.timer ??= setTimeout(() => void this.flush(), flushMs);
    return id;
  }

  /** Whether the click `id` was recorded here and is not written yet. */
  waiting(id: number): boolean {
    return this.pending.has(id);
  }

  /** Resolves once every click recorded so far is written. */
  settled(): Promise<void> {
    return this.flush();
  }

  /** Writes what waits; each later click is written before its redirect answers. */
  close(): Promise<void> {
    this.closing = true;
    return this.flush();
  }

  private async takeId(): Promise<number> {
    while (this.nextId >= this.ids.length) {
      this.reading ??= this.readIds().finally(() => (this.reading = null));
      await this.reading;
    }
    return this.ids[this.nextId++]!;
  }

  private async readIds(): Promise<void> {
    const rows = await queryRows<{ id: string | number }>(
      this.db,
      sql`select nextval(pg_get_serial_sequence('share_clicks', 'id')) as id
          from generate_series(1, ${ID_BLOCK}::int)`,
    );
    this.ids = rows.map((r) => Number(r.id));
    this.nextId = 0;
  }

  /** Writes the clicks gathered so far (after the statements already under way). */
  private flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const rows = this.buffer;
    if (!rows.length) return this.writing;
    this.buffer = [];
    this.writing = this.writing.then(async () => {
      for (let start = 0; start < rows.length; start += FLUSH_ROWS) {
        await this.write(rows.slice(start, start + FLUSH_ROWS));
      }
      for (const row of rows) this.pending.delete(row.id);
    });
    return this.writing;
  }

  /** One batch: its click rows and its links' counters, in one statement. */
  private async write(rows: Row[]): Promise<void> {
    const statement = sql`with batch as (
        select * from unnest(
          ${sql.param(rows.map((r) => r.id))}::bigint[],
          ${sql.param(rows.map((r) => r.linkId))}::integer[],
          ${sql.param(rows.map((r) => r.sharer))}::text[],
          ${sql.param(rows.map((r) => r.device))}::text[],
          ${sql.param(rows.map((r) => r.strategyId))}::integer[],
          ${sql.param(rows.map((r) => r.variant))}::text[],
          ${sql.param(rows.map((r) => r.createdAt.toISOString()))}::timestamptz[]
        ) as c(id, link_id, sharer, device, strategy_id, variant, created_at)
      ), kept as (
        insert into share_clicks (id, link_id, sharer, device, strategy_id, variant, created_at)
        select c.id, c.link_id, c.sharer, c.device, c.strategy_id, c.variant, c.created_at
        from batch c where exists (select 1 from share_links l where l.id = c.link_id)
        on conflict (id) do nothing
        returning link_id
      )
      update share_links l set clicks = l.clicks + k.n
      from (select link_id, count(*)::int as n from kept group by link_id) k
      where l.id = k.link_id`;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.db.execute(statement);
        return;
      } catch (err) {
        if (attempt >= ATTEMPTS) {
          this.log.warn(
            { err, links: [...new Set(rows.map((r) => r.linkId))], clicks: rows.length },
            'share clicks not written',
          );
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  }
}

/** Each app's click log, by its database handle (the public redirect and the game's events share it). */
const logs = new WeakMap<Db, ShareClickLog>();

/** The click log of `db`, made on first use. */
export function shareClickLog(db: Db, log: FastifyBaseLogger): ShareClickLog {
  let clicks = logs.get(db);
  if (!clicks) logs.set(db, (clicks = new ShareClickLog(db, log)));
  return clicks;
}

/** Resolves once every click recorded on `db` so far is written (at once when there is no click log). */
export async function shareClicksSettled(db: Db): Promise<void> {
  await logs.get(db)?.settled();
}

/** Resolves once the click `id` is written, when it is still waiting in `db`'s click log. */
export async function shareClickSettled(db: Db, id: number): Promise<void> {
  const clicks = logs.get(db);
  if (clicks?.waiting(id)) await clicks.settled();
}
