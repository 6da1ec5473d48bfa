import { createHmac, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { callbacksResource } from '@rx/contracts';
import type { Pool, Client as PgClient } from 'pg';
import type { Db } from '../../db/index.ts';
import type { EventBus } from '../../lib/events.ts';
import { staffHolding } from '../../lib/grants.ts';
import { readAtMost } from '../../lib/outside/http.ts';
import { queryRows } from '../../lib/rows.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { notify } from '../notifications/index.ts';
import { callbackDeliveries, callbackEndpoints } from './tables.ts';

/** The headers of a delivery, as the game server protocol names them (docs/game-server-protocol.md). */
export const CALLBACK_HEADERS = {
  timestamp: 'x-console-timestamp',
  signature: 'x-console-signature',
  idempotency: 'idempotency-key',
  event: 'x-console-event',
  requestId: 'x-request-id',
} as const;

/**
 * `v1=` and the lowercase hex HMAC-SHA256, keyed by the endpoint's secret, of `<timestamp>.<body>`:
 * the game server protocol's scheme (its `signGameCallback`), so one check serves both.
 */
export function signCallback(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

const DEFAULTS = {
  /** The waits after each failed attempt (Svix's ladder): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
  ladderMs: [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000] as number[],
  /** An endpoint whose every attempt failed for this long is disabled and its staff told. */
  disableAfterMs: 5 * 86_400_000,
  /**
   * The worker's slow fallback poll (0: it does not run; tests call `deliverDue`). It wakes at once on
   * a new or replayed delivery (PostgreSQL `NOTIFY`, sent when the change commits) and at the next
   * retry's time; the poll only covers a notification lost while its connection was down.
   */
  pollMs: 30_000,
  /** How long one attempt may take. */
  timeoutMs: 5_000,
  /** A claimed delivery whose worker died is due again after this. */
  leaseMs: 60_000,
  /** Deliveries claimed at once. */
  batch: 50,
  /** Attempts of a batch in flight at once. */
  concurrency: 8,
};

/** The worker's settings (tests shorten them; `resetCallbackSettings` puts them back). */
export const callbackSettings = { ...DEFAULTS, ladderMs: [...DEFAULTS.ladderMs] };

export function resetCallbackSettings(): void {
  Object.assign(callbackSettings, DEFAULTS, { ladderMs: [...DEFAULTS.ladderMs] });
}

export interface DeliveryContext {
  db: Db;
  secrets: SecretBox;
  events: EventBus;
}

interface Claimed {
  id: number;
  cp_id: number;
  product_id: number;
  endpoint_id: number;
  attempts: number;
  public_id: string;
  event: string;
  body: string;
  url: string;
  secret_sealed: string;
  endpoint_status: string;
}

type Outcome =
  { ok: true; status: number } | { ok: false; status: number | null; error: string; retryAfterMs?: number };

/** The most of an answer read (the status is what counts). */
const MAX_ANSWER_BYTES = 64 * 1024;

async function readSome(response: Response): Promise<string> {
  // Reading stops once the answer reaches the most read.
  return (await readAtMost(response, MAX_ANSWER_BYTES - 1)).text.slice(0, 200);
}

/** One signed attempt: `POST` the body, signed over `<timestamp>.<body>` at this attempt. */
async function attempt(claimed: Claimed, secret: string, now: Date): Promise<Outcome> {
  const timestamp = Math.floor(now.getTime() / 1000);
  try {
    const response = await fetch(claimed.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [CALLBACK_HEADERS.timestamp]: String(timestamp),
        [CALLBACK_HEADERS.signature]: signCallback(secret, timestamp, claimed.body),
        [CALLBACK_HEADERS.idempotency]: claimed.public_id,
        [CALLBACK_HEADERS.event]: claimed.event,
        [CALLBACK_HEADERS.requestId]: randomUUID(),
      },
      body: claimed.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(callbackSettings.timeoutMs),
    });
    const text = await readSome(response);
    if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status };
    const retryAfter = Number(response.headers.get('retry-after'));
    return {
      ok: false,
      status: response.status,
      error: `HTTP ${response.status}${text ? `: ${text}` : ''}`,
      ...(response.status === 429 && Number.isFinite(retryAfter) && retryAfter > 0
        ? { retryAfterMs: Math.min(retryAfter, 86_400) * 1000 }
        : {}),
    };
  } catch (error) {
    const name = (error as Error).name;
    return {
      ok: false,
      status: null,
      error:
        name === 'TimeoutError' ? 'timed out' : `network error: ${(error as Error).message}`.slice(0, 200),
    };
  }
}

/** Claims due deliveries (another worker skips them until the claim lapses) and counts the attempt. */
async function claim(db: Db, now: Date): Promise<Claimed[]> {
  const lease = new Date(now.getTime() + callbackSettings.leaseMs);
  return queryRows<Claimed>(
    db,
    sql`with due as (
        select id from callback_deliveries
        where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
        order by next_attempt_at, id
        limit ${callbackSettings.batch}::int
        for update skip locked
      ), claimed as (
        update callback_deliveries d
        set next_attempt_at = ${lease.toISOString()}::timestamptz, attempts = d.attempts + 1, updated_at = now()
        from due where d.id = due.id
        returning d.id, d.cp_id, d.product_id, d.endpoint_id, d.event_id, d.attempts
      )
      select c.id, c.cp_id, c.product_id, c.endpoint_id, c.attempts, e.public_id, e.event, e.body,
        p.url, p.secret_sealed, p.status as endpoint_status
      from claimed c
      join callback_events e on e.id = c.event_id
      join callback_endpoints p on p.id = c.endpoint_id
      order by c.id`,
  );
}

/** The staff of the CP who manage callbacks (admins included), to tell them of a disabled endpoint. */
const managersOf = (db: Db, cpId: number) => staffHolding(db, cpId, callbacksResource.permissions.edit);

const DISABLED_TITLE: Record<string, (name: string) => string> = {
  zh: (n) => `回调地址「${n}」因持续投递失败已停用`,
  en: (n) => `Callback endpoint "${n}" was disabled after repeated delivery failures`,
  ja: (n) => `コールバック先「${n}」は配信の失敗が続いたため無効になりました`,
  th: (n) => `ปลายทาง Callback "${n}" ถูกปิดใช้งานเนื่องจากส่งไม่สำเร็จต่อเนื่อง`,
  vi: (n) => `Điểm nhận callback "${n}" đã bị tắt do gửi thất bại liên tục`,
  tl: (n) => `Na-disable ang callback endpoint na "${n}" dahil paulit-ulit na pumalya ang paghahatid`,
  id: (n) => `Endpoint callback "${n}" dinonaktifkan karena pengiriman terus gagal`,
  ar: (n) => `تم تعطيل نقطة الاستدعاء الراجع "${n}" بعد تكرار فشل التسليم`,
  tc: (n) => `回呼位址「${n}」因持續投遞失敗已停用`,
};

/** Disables a failing endpoint (once), fails what waits for it, and tells its managers. */
async function disableEndpoint(ctx: DeliveryContext, endpointId: number, now: Date): Promise<void> {
  const send = await ctx.db.transaction(async (tx) => {
    const [endpoint] = await tx
      .update(callbackEndpoints)
      .set({
        status: 'disabled',
        disabledReason: 'failures',
        version: sql`${callbackEndpoints.version} + 1`,
        updatedAt: now,
      })
      .where(and(eq(callbackEndpoints.id, endpointId), eq(callbackEndpoints.status, 'active')))
      .returning();
    if (!endpoint) return () => {};
    await tx
      .update(callbackDeliveries)
      .set({ status: 'failed', nextAttemptAt: null, lastError: 'endpoint disabled', updatedAt: now })
      .where(and(eq(callbackDeliveries.endpointId, endpointId), eq(callbackDeliveries.status, 'pending')));
    const managers = await managersOf(tx, endpoint.cpId);
    return notify(
      tx,
      ctx.events,
      managers.map((m) => ({
        cpId: endpoint.cpId,
        userId: m.id,
        kind: 'system' as const,
        title: (DISABLED_TITLE[m.lang] ?? DISABLED_TITLE.zh!)(endpoint.name),
        body: endpoint.url,
        link: `/offline/callback?q=${encodeURIComponent(endpoint.name)}`,
      })),
    );
  });
  send();
}

async function record(ctx: DeliveryContext, claimed: Claimed, outcome: Outcome, now: Date): Promise<void> {
  const { db } = ctx;
  if (outcome.ok) {
    await db
      .update(callbackDeliveries)
      .set({
        status: 'delivered',
        deliveredAt: now,
        nextAttemptAt: null,
        lastHttpStatus: outcome.status,
        lastError: '',
        updatedAt: now,
      })
      .where(eq(callbackDeliveries.id, claimed.id));
    await db
      .update(callbackEndpoints)
      .set({ failingSince: null, lastDeliveryAt: now })
      .where(eq(callbackEndpoints.id, claimed.endpoint_id));
    return;
  }
  const ladder = callbackSettings.ladderMs;
  const wait = claimed.attempts <= ladder.length ? ladder[claimed.attempts - 1]! : null;
  const next = wait === null ? null : new Date(now.getTime() + Math.max(wait, outcome.retryAfterMs ?? 0));
  await db
    .update(callbackDeliveries)
    .set({
      status: next ? 'pending' : 'failed',
      nextAttemptAt: next,
      lastHttpStatus: outcome.status,
      lastError: outcome.error,
      updatedAt: now,
    })
    .where(eq(callbackDeliveries.id, claimed.id));
  const [endpoint] = await db
    .update(callbackEndpoints)
    .set({
      failingSince: sql`coalesce(${callbackEndpoints.failingSince}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(callbackEndpoints.id, claimed.endpoint_id))
    .returning({ failingSince: callbackEndpoints.failingSince });
  if (
    endpoint?.failingSince &&
    now.getTime() - endpoint.failingSince.getTime() >= callbackSettings.disableAfterMs
  )
    await disableEndpoint(ctx, claimed.endpoint_id, now);
}

/**
 * One pass of the worker: claims the deliveries due at `now`, attempts each (signed at the attempt)
 * and records the outcome: delivered, due again after the ladder's next wait, or failed once the
 * ladder ran out; an endpoint failing for `disableAfterMs` is disabled. Answers how many were tried.
 */
export async function deliverDue(ctx: DeliveryContext, now: Date = new Date()): Promise<number> {
  const claimed = await claim(ctx.db, now);
  const one = async (item: Claimed) => {
    if (item.endpoint_status !== 'active') {
      await ctx.db
        .update(callbackDeliveries)
        .set({ status: 'failed', nextAttemptAt: null, lastError: 'endpoint disabled', updatedAt: now })
        .where(eq(callbackDeliveries.id, item.id));
      return;
    }
    const secret = ctx.secrets.open(item.secret_sealed);
    const outcome: Outcome =
      secret === null
        ? { ok: false, status: null, error: 'the signing secret cannot be opened: set a new one' }
        : await attempt(item, secret, now);
    await record(ctx, item, outcome, now);
  };
  // A few attempts at once: a slow receiver does not hold up the others of the batch.
  let next = 0;
  const lane = async () => {
    while (next < claimed.length) await one(claimed[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(callbackSettings.concurrency, claimed.length) }, lane));
  return claimed.length;
}

/** The PostgreSQL channel a committed delivery is announced on (every instance's worker listens). */
export const CALLBACK_CHANNEL = 'callback_due';

/**
 * Tells the workers of every instance that a delivery is due, inside the writer's transaction:
 * PostgreSQL holds a notification until the commit and drops it on a rollback, so a worker never
 * wakes for a change that did not happen, nor misses one that did.
 */
export async function wakeWorkers(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_notify(${CALLBACK_CHANNEL}, '')`);
}

/** The pool under a Drizzle database (node-postgres). */
const poolOf = (db: Db) => (db as unknown as { $client: Pool }).$client;

/** When the next pending delivery is due (null: none waits). */
async function nextDue(db: Db): Promise<Date | null> {
  const [row] = await queryRows<{ at: Date | string | null }>(
    db,
    sql`select min(next_attempt_at) as at from callback_deliveries where status = 'pending'`,
  );
  return row?.at ? new Date(row.at) : null;
}

/** The shortest sleep after a pass that found nothing to do (a row another instance is claiming). */
const MIN_SLEEP_MS = 250;

type WorkerLog = { error(obj: unknown, msg: string): void; warn?(obj: unknown, msg: string): void };

/**
 * The worker of one server instance. It sleeps until something is due: a new or replayed delivery
 * (it `LISTEN`s on `CALLBACK_CHANNEL` on a connection of its own), the next retry of the ladder, or
 * at the latest the slow fallback poll (`pollMs`), which also reopens a lost listening connection.
 * `stop` waits for the pass in flight. Several instances share the work (claims skip what another
 * holds). `listening` resolves once the first pass ran and notifications are heard (tests).
 */
export function startDeliveryWorker(ctx: DeliveryContext, log: WorkerLog) {
  const fallback = callbackSettings.pollMs;
  let stopped = fallback <= 0;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let listener: PgClient | null = null;
  let opening: Promise<void> | null = null;

  const sleepUntil = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(wake, Math.max(0, Math.min(ms, fallback)));
  };

  async function pass(): Promise<void> {
    if (!listener) await listen();
    let found = 0;
    // Keep going while a pass finds a full batch (a backlog).
    while (!stopped && (found = await deliverDue(ctx)) >= callbackSettings.batch);
    if (stopped) return;
    const due = await nextDue(ctx.db);
    if (due === null) sleepUntil(fallback);
    else sleepUntil(Math.max(due.getTime() - Date.now(), found === 0 ? MIN_SLEEP_MS : 0));
  }

  function wake(): void {
    if (stopped) return;
    if (running) {
      // A notification during a pass: one more pass right after it (it may have missed the row).
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = undefined;
    running = pass()
      .catch((error: unknown) => {
        if (!stopped) log.error({ err: error }, 'callback delivery pass failed');
        sleepUntil(fallback);
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  async function open(): Promise<void> {
    const { default: pg } = await import('pg');
    const client = new pg.Client(poolOf(ctx.db).options);
    const lost = (error?: Error) => {
      if (listener !== client) return;
      listener = null;
      if (!stopped) log.warn?.({ err: error }, 'callback notifications lost: polling until they are back');
      void client.end().catch(() => undefined);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel === CALLBACK_CHANNEL) wake();
    });
    await client.connect();
    await client.query(`listen ${CALLBACK_CHANNEL}`);
    if (stopped) {
      await client.end();
      return;
    }
    listener = client;
  }

  /** Opens the listening connection (one attempt at a time; the fallback poll retries). */
  function listen(): Promise<void> {
    opening ??= open()
      .catch((error: unknown) => {
        if (!stopped) log.warn?.({ err: error }, 'callback notifications unavailable: polling');
      })
      .finally(() => {
        opening = null;
      });
    return opening;
  }

  const listening = stopped
    ? Promise.resolve()
    : listen().then(async () => {
        wake();
        await running;
      });

  return {
    listening,
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      await opening;
      await running;
      const client = listener;
      listener = null;
      await client?.end().catch(() => undefined);
    },
  };
}

/** Replays a delivery: the same event (same id, body and key) to the same endpoint, due now. */
export async function replayDelivery(db: Db, deliveryId: number): Promise<number> {
  const [source] = await db.select().from(callbackDeliveries).where(eq(callbackDeliveries.id, deliveryId));
  const [row] = await db
    .insert(callbackDeliveries)
    .values({
      cpId: source!.cpId,
      productId: source!.productId,
      endpointId: source!.endpointId,
      eventId: source!.eventId,
      nextAttemptAt: sql`now()`,
      replayOf: source!.id,
    })
    .returning({ id: callbackDeliveries.id });
  await wakeWorkers(db);
  return row!.id;
}
