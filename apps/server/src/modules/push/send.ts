import { setImmediate as nextTurn } from 'node:timers/promises';
import { eq, sql, type SQL } from 'drizzle-orm';
import { pickLanguage, type I18nText, type PushProviderName } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { isOutsideError, type Outside } from '../../lib/outside/index.ts';
import { queryRows } from '../../lib/rows.ts';
import {
  pushParties,
  type PushMessage,
  type PushOutcome,
  type PushProvider,
} from '../outside-parties/index.ts';
import { bucketOf, layerRanges } from '../user-groups/index.ts';
import { insertJob, type JobRunner } from '../../lib/jobs/index.ts';
import { runJobOnceCommitted } from '../../lib/jobs/after-commit.ts';
import { dueFor } from './local-time.ts';
import { retireInvalid } from './tokens.ts';
import type { PushTaskRow } from './tasks.ts';
import { pushTasks } from './tables.ts';
import { audienceSql, groupsSql, type AudienceRow } from './audience.ts';

/**
 * Sending a push task: a job whose items are ranges of device-token ids (about CHUNK active tokens
 * each, cut when it goes live). An item picks the range's tokens the task targets that have no
 * delivery yet, claims each with a `sending` delivery row committed before the provider is asked,
 * sends through the token's provider (FCM, APNs… each through the outside-party kit, the game's
 * choice of real or fake), and writes each answer as it comes: sent (the provider's message id),
 * invalid token (the token retired: never sent to again) or failed (the failure's kind). A batch
 * run again after a restart sends nothing twice: what it had claimed but not heard back about is
 * failed as `interrupted` (at most once: a push is not worth a duplicate on a player's screen).
 *
 * A task at a local time, or with quiet hours, times each player in their own zone (their latest
 * device's, else the CP's): a push not due yet is claimed `deferred` with its moment, one due inside
 * quiet hours is deferred to their end or dropped (`quiet`). When the last batch is done and pushes
 * wait, the task stays sending and a one-off (`push.deferred_due`) at the earliest moment queues a
 * wave: a send job of its own whose batches send only the deferred pushes now due (claiming no new
 * target and marking no batch of the send done; the task keeps its send job). The same when the send
 * job ends with failed batches (the task partly failed): the pushes that wait still go out at their
 * moment, while the failed batches wait for the staff's retry (a wave never tries them again) or a
 * stop (which cancels what waits). When a send or a wave job ends, the task's counters are read again
 * from its deliveries (exact whatever batch was undone and run again).
 */

export const SEND_JOB = 'push.send';
/** The one-off that sends a task's deferred pushes once the earliest is due. */
export const DEFERRED_TASK = 'push.deferred_due';
export const CHUNK = 500;
/**
 * Pushes in flight at once within a batch (FCM HTTP v1 has no multicast: one request a device, over
 * kept-alive connections; at a provider's 50–100 ms a request this is what bounds the rate).
 */
const PARALLEL = 32;
/** Sends started between two turns of the event loop (a fake answers at once: its sends never wait on I/O). */
const SENDS_PER_TURN = 32;

/** What the task targets among a product's tokens (`t`, with its player `p` left-joined), as a condition. */
export function targetSql(
  row: Pick<
    PushTaskRow,
    | 'productId'
    | 'target'
    | 'userGroupIds'
    | 'userGroupLayers'
    | 'openids'
    | 'providers'
    | 'countries'
    | 'kind'
    | 'templateId'
  > &
    AudienceRow,
  fileOpenids?: readonly string[],
): SQL {
  const parts: SQL[] = [sql`t.product_id = ${row.productId}::int and t.status = 'active'`];
  // An app push goes to devices; a mini-program or mini-game message to the player's WeChat openid
  // as that app registered it (provider `wechat`, platform the kind).
  parts.push(
    row.kind === 'app'
      ? sql`t.provider <> 'wechat'`
      : sql`t.provider = 'wechat' and t.platform = ${row.kind}`,
  );
  // A mini-game message goes only to players holding a grant of its template.
  if (row.kind === 'mini_game')
    parts.push(sql`exists (select 1 from push_grants g where g.product_id = t.product_id and g.openid = t.openid
      and g.template_id = ${row.templateId} and g.used < g.granted)`);
  if (row.providers.length)
    parts.push(
      sql`t.provider in (select jsonb_array_elements_text(${JSON.stringify(row.providers)}::jsonb))`,
    );
  if (row.countries.length)
    parts.push(sql`p.country in (select jsonb_array_elements_text(${JSON.stringify(row.countries)}::jsonb))`);
  if (row.target === 'players')
    parts.push(sql`t.openid in (select jsonb_array_elements_text(${JSON.stringify(row.openids)}::jsonb))`);
  if (row.target === 'groups') parts.push(groupsSql(row));
  parts.push(...audienceSql(row, row.target, fileOpenids));
  return sql.join(parts, sql` and `);
}

const fromTokens = (row: PushTaskRow, fileOpenids?: readonly string[]) =>
  sql`push_tokens t left join players p on p.product_id = t.product_id and p.openid = t.openid
    where ${targetSql(row, fileOpenids)}`;

/** How many devices the task reaches now (the number the approval policy compares). */
export async function countTargeted(db: Db, row: PushTaskRow): Promise<number> {
  return (await countAudience(db, row)).devices;
}

/** The devices and players an audience reaches now (`fileOpenids`: a form's file, read but not saved). */
export async function countAudience(
  db: Db,
  row: PushTaskRow,
  fileOpenids?: readonly string[],
): Promise<{ devices: number; players: number }> {
  const [n] = await queryRows<{ devices: number; players: number }>(
    db,
    sql`select count(*)::int as devices, count(distinct t.openid)::int as players from ${fromTokens(row, fileOpenids)}`,
  );
  return { devices: Number(n!.devices), players: Number(n!.players) };
}

export interface ChunkInput {
  task_id: number;
  chunk: number;
  /** Token ids from (inclusive) to (exclusive; null: no bound). */
  from: number;
  to: number | null;
  /** A wave's batch: sends the range's deferred pushes now due, nothing else. */
  wave?: boolean;
}

/** The id ranges of about CHUNK of the product's active tokens each (at least one range). */
async function chunksOf(db: Db, row: PushTaskRow): Promise<ChunkInput[]> {
  const starts = await queryRows<{ id: number }>(
    db,
    sql`select id from (select id, row_number() over (order by id) as n from push_tokens
        where product_id = ${row.productId}::int and status = 'active') s
      where (n - 1) % ${CHUNK} = 0 order by id`,
  );
  const ids = starts.map((s) => Number(s.id));
  if (!ids.length) ids.push(0);
  return ids.map((from, chunk) => ({
    task_id: row.id,
    chunk,
    from: chunk === 0 ? 0 : from,
    to: ids[chunk + 1] ?? null,
  }));
}

/**
 * Queues the send job in the caller's transaction (the task's move to `sending` and its job commit
 * together); the caller starts it once committed (`kick`). Answers the job's id.
 */
export async function queueSend(tx: Db, owner: Scope, row: PushTaskRow): Promise<number> {
  const items = await chunksOf(tx, row);
  const jobId = await insertJob(
    tx,
    SEND_JOB,
    { cpId: row.cpId, productId: row.productId, userId: owner.userId || null, username: owner.username },
    { items, params: { task_id: row.id, name: row.name } },
  );
  await tx.execute(sql`update push_tasks set job_id = ${jobId}::int, chunk_count = ${items.length}::int,
      chunks_done = '[]'::jsonb, sent = 0, failed = 0, invalid_tokens = 0 where id = ${row.id}::int`);
  return jobId;
}

const pick = (text: I18nText, locale: string) => text[pickLanguage(locale)] || text.zh;

/** The push one token gets: the task's texts in the device's language (else Chinese). */
export function messageFor(row: PushTaskRow, token: { token: string; locale: string }): PushMessage {
  const data: Record<string, string> = Object.fromEntries(row.data.map((d) => [d.key, d.value]));
  if (row.deepLink) data.deep_link = row.deepLink;
  data.push_task_id = String(row.id);
  if (row.kind !== 'app') {
    // A WeChat subscribe message: the template's fields, `{title}` and `{body}` in the player's language.
    const title = pick(row.title, token.locale);
    const body = pick(row.body, token.locale);
    const fields = Object.fromEntries(
      row.data.map((d) => [d.key, d.value.replaceAll('{title}', title).replaceAll('{body}', body)]),
    );
    return {
      token: token.token,
      title,
      body,
      image: '',
      data: fields,
      template: { id: row.templateId, page: withTaskId(row.page, row.id), locale: token.locale },
    };
  }
  return {
    token: token.token,
    title: pick(row.title, token.locale),
    body: pick(row.body, token.locale),
    image: row.image,
    data,
    ttlSeconds: row.ttlSeconds,
  };
}

/** The page a tap on a WeChat message opens, told the task (so the game reports the open). */
function withTaskId(page: string, taskId: number): string {
  if (!page) return '';
  return `${page}${page.includes('?') ? '&' : '?'}push_task_id=${taskId}`;
}

interface Target {
  id: number;
  openid: string;
  provider: PushProviderName;
  token: string;
  locale: string;
  /** The A/B variant ('' the base). */
  variant: string;
  /** A deferred push now due: sent without timing it again. */
  due: boolean;
}
type Answer = {
  state: 'sent' | 'failed' | 'invalid_token' | 'capped' | 'deferred' | 'quiet';
  messageId: string;
  reason: string;
  dueAt?: string;
};

/** The variant of a bucket (0–99): the one whose share covers it, as a group's layers ('' beyond them). */
export function variantOf(
  row: { variants: { key: string; name: string; percent: number }[] },
  bucket: number,
): string {
  return layerRanges(row.variants).find((r) => bucket >= r.from && bucket < r.to)?.layer.key ?? '';
}
/**
 * The salt of the push buckets: the game's, not the task's, so a player sits in the same bucket (0–99)
 * in every task of the game, and a variant's share is a fixed range of buckets (as a group's layers).
 */
export const pushBucketSalt = (productId: number) => `push:product:${productId}`;
/** A player's fixed push bucket (0–99) in a game: the user groups' hash of the openid and the game's salt. */
export const pushBucketOf = (productId: number, openid: string) =>
  bucketOf(openid, pushBucketSalt(productId));

/** The task as each variant sends it: its own title and body. */
function contentByVariant(row: PushTaskRow): Map<string, PushTaskRow> {
  return new Map([
    ['', row],
    ...row.variants.map((v): [string, PushTaskRow] => [v.key, { ...row, title: v.title, body: v.body }]),
  ]);
}

/** Each player's time zone: their latest device's that names one, else the CP's. */
async function zonesOf(db: Db, row: PushTaskRow, openids: string[]): Promise<(openid: string) => string> {
  const [cp] = await queryRows<{ time_zone: string }>(
    db,
    sql`select time_zone from cps where id = ${row.cpId}::int`,
  );
  const rows = await queryRows<{ openid: string; time_zone: string }>(
    db,
    sql`select distinct on (openid) openid, time_zone from push_tokens
      where product_id = ${row.productId}::int and time_zone <> ''
        and openid in (select jsonb_array_elements_text(${JSON.stringify([...new Set(openids)])}::jsonb))
      order by openid, updated_at desc, id desc`,
  );
  const zones = new Map(rows.map((r) => [r.openid, r.time_zone]));
  const fallback = cp?.time_zone || 'UTC';
  return (openid) => zones.get(openid) ?? fallback;
}

/** When each new target is due (its player's local time, quiet hours): answers for those not sent now. */
async function timing(db: Db, row: PushTaskRow, targets: Target[]): Promise<Map<number, Answer>> {
  const later = new Map<number, Answer>();
  if (!row.localSendAt && !row.quietHours) return later;
  const fresh = targets.filter((t) => !t.due);
  if (!fresh.length) return later;
  const zoneOf = await zonesOf(
    db,
    row,
    fresh.map((t) => t.openid),
  );
  const now = new Date();
  const byPlayer = new Map<string, ReturnType<typeof dueFor>>();
  for (const target of fresh) {
    let due = byPlayer.get(target.openid);
    if (!due) {
      due = dueFor(now, zoneOf(target.openid), row.localSendAt, row.quietHours);
      byPlayer.set(target.openid, due);
    }
    if (due.quiet) later.set(target.id, { state: 'quiet', messageId: '', reason: 'quiet_hours' });
    else if (due.at.getTime() > now.getTime() + 1000)
      later.set(target.id, { state: 'deferred', messageId: '', reason: '', dueAt: due.at.toISOString() });
  }
  return later;
}

/**
 * The players among `openids` over the task's frequency cap: sent `cap_count` other pushes of the
 * game within `cap_hours` (one push to several of their devices counts once).
 */
async function overCap(db: Db, row: PushTaskRow, openids: string[]): Promise<Set<string>> {
  if (!row.capCount || !openids.length) return new Set();
  const rows = await queryRows<{ openid: string }>(
    db,
    sql`select d.openid from push_deliveries d join push_tasks k on k.id = d.task_id
      where d.openid in (select jsonb_array_elements_text(${JSON.stringify([...new Set(openids)])}::jsonb))
        and d.at > now() - make_interval(hours => ${row.capHours}::int)
        and d.state = 'sent' and d.task_id <> ${row.id}::int and k.product_id = ${row.productId}::int
      group by d.openid having count(distinct d.task_id) >= ${row.capCount}::int`,
  );
  return new Set(rows.map((r) => r.openid));
}

/**
 * Runs `work` over `list` with at most `limit` at once, letting the event loop turn every
 * SENDS_PER_TURN starts (requests and timers wait no longer than that many sends' work).
 */
async function eachLimited<T>(list: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, list.length) }, async () => {
    while (next < list.length) {
      if (next > 0 && next % SENDS_PER_TURN === 0) {
        await nextTurn();
        // The other lanes went on meanwhile.
        if (next >= list.length) break;
      }
      await work(list[next++]!);
    }
  });
  await Promise.all(lanes);
}

async function answerOf(provider: PushProvider, row: PushTaskRow, target: Target): Promise<Answer> {
  try {
    const outcome: PushOutcome = await provider.send(messageFor(row, target), `push:${row.id}:${target.id}`);
    if (outcome.outcome === 'sent') return { state: 'sent', messageId: outcome.messageId, reason: '' };
    // Declined (WeChat: no subscription left): failed for this task, the recipient kept.
    if (outcome.outcome === 'declined') return { state: 'failed', messageId: '', reason: outcome.reason };
    return { state: 'invalid_token', messageId: '', reason: outcome.reason };
  } catch (error) {
    return { state: 'failed', messageId: '', reason: isOutsideError(error) ? error.kind : 'error' };
  }
}

/** The task still sends (not stopped since the batch read it): nothing is claimed for a stopped task. */
const stillSending = (taskId: number) =>
  sql`exists (select 1 from push_tasks k where k.id = ${taskId}::int and k.status in ('sending', 'partly_failed'))`;

/**
 * One send batch (see above). `db` commits the claims and the answers as they come; `tx` (the
 * item's transaction) the task's counters and the batch being done.
 */
export async function sendChunk(
  db: Db,
  outside: Outside,
  tx: Db,
  input: ChunkInput,
  jobs: JobRunner | undefined,
  claim: number,
): Promise<{ sent: number; failed: number; invalid: number }> {
  const done = { sent: 0, failed: 0, invalid: 0 };
  const wave = input.wave === true;
  const [row] = await tx.select().from(pushTasks).where(eq(pushTasks.id, input.task_id));
  if (!row) return done;
  // `partly_failed` with batches left: a retry of the batches that failed; a wave: while the task still sends.
  if (wave ? !sends(row) : !(row.status === 'sending' || (row.status === 'partly_failed' && !allDone(row))))
    return done;
  const range = sql`t.id >= ${input.from}::bigint ${input.to === null ? sql`` : sql`and t.id < ${input.to}::bigint`}`;
  // Claimed by an earlier run of this batch (this job's claim) and never answered: it may have gone
  // out; not again. Another job's claim (a wave's, or the send's seen from a wave) is in flight:
  // left to it. (Claims from before claims were named: a wave's are deferred pushes, with their moment.)
  const interrupted = await queryRows(
    db,
    sql`update push_deliveries d set state = 'failed', reason = 'interrupted', at = now()
      from push_tokens t where d.task_id = ${row.id}::int and d.state = 'sending' and t.id = d.token_id and ${range}
        and (d.claim_job = ${claim}::int or (d.claim_job is null ${wave ? sql`and d.due_at is not null` : sql``}))
      returning 1`,
  );
  done.failed += interrupted.length;
  // Deferred to a token retired since: failed (never sent to again).
  await db.execute(sql`update push_deliveries d set state = 'failed', reason = 'token_retired', at = now()
    from push_tokens t where d.task_id = ${row.id}::int and d.state = 'deferred' and t.id = d.token_id
      and t.status <> 'active' and ${range}`);
  // Deferred pushes now due: claimed for sending.
  const due = await queryRows<{ id: number; openid: string; provider: PushProviderName; variant: string }>(
    db,
    sql`update push_deliveries d set state = 'sending', claim_job = ${claim}::int, at = now()
      from push_tokens t where d.task_id = ${row.id}::int and d.state = 'deferred' and d.due_at <= now()
        and t.id = d.token_id and ${range} and ${stillSending(row.id)}
      returning d.token_id as id, d.openid, d.provider, d.variant`,
  );
  // New targets: a batch of the send only (a wave claims none: a failed batch's are the staff's to retry).
  const fresh = wave
    ? []
    : await queryRows<{ id: number; openid: string; provider: PushProviderName }>(
        db,
        sql`insert into push_deliveries (task_id, token_id, openid, provider, claim_job)
      select ${row.id}::int, t.id, t.openid, t.provider, ${claim}::int from ${fromTokens(row)} and ${range}
        and not exists (select 1 from push_deliveries d where d.task_id = ${row.id}::int and d.token_id = t.id)
        and ${stillSending(row.id)}
      on conflict do nothing
      returning token_id as id, openid, provider`,
      );
  const claimed = [
    ...due.map((d) => ({ ...d, due: true })),
    ...fresh.map((f) => ({
      ...f,
      variant: variantOf(row, pushBucketOf(row.productId, f.openid)),
      due: false,
    })),
  ];
  if (claimed.length) {
    const details = new Map(
      (
        await queryRows<{ id: number; token: string; locale: string }>(
          db,
          sql`select id, token, locale from push_tokens where id in (select jsonb_array_elements_text(${JSON.stringify(
            claimed.map((c) => Number(c.id)),
          )}::jsonb)::bigint)`,
        )
      ).map((d) => [Number(d.id), d]),
    );
    const targets: Target[] = claimed.map((c) => ({ ...c, ...details.get(Number(c.id))!, id: Number(c.id) }));
    // Not due yet in the player's zone (deferred), or inside their quiet hours (deferred or dropped).
    const later = await timing(db, row, targets);
    const now = targets.filter((t) => !later.has(t.id));
    // Each provider's adapter, opened once for the batch (the game's choice: off, fake or real).
    const adapters = new Map<PushProviderName, PushProvider | string>();
    for (const provider of new Set(targets.map((t) => t.provider))) {
      const party = pushParties[provider];
      adapters.set(
        provider,
        party
          ? await outside
              .open(db, party, row.productId)
              .catch((e: unknown) => (isOutsideError(e) ? e.kind : 'error'))
          : 'not_set_up',
      );
    }
    const capped = await overCap(
      db,
      row,
      now.map((t) => t.openid),
    );
    // A mini-game message: one grant taken per player before WeChat is asked (committed at once,
    // `used < granted` under the row's lock: however many sends race, a grant goes to one).
    const granted = row.kind === 'mini_game' ? await takeGrants(db, row, now, capped) : null;
    const contents = contentByVariant(granted ? await withMapping(db, row) : row);
    const answers: (Answer & { id: number; variant: string })[] = targets
      .filter((t) => later.has(t.id))
      .map((t) => ({ ...later.get(t.id)!, id: t.id, variant: t.variant }));
    await eachLimited(now, PARALLEL, async (target) => {
      const adapter = adapters.get(target.provider)!;
      const sending = contents.get(target.variant) ?? row;
      const answer: Answer = capped.has(target.openid)
        ? { state: 'capped', messageId: '', reason: 'frequency_cap' }
        : granted && !granted.delete(target.openid)
          ? { state: 'failed', messageId: '', reason: 'no_grant' }
          : typeof adapter === 'string'
            ? { state: 'failed', messageId: '', reason: adapter }
            : await answerOf(adapter, sending, target);
      answers.push({ ...answer, id: target.id, variant: target.variant });
    });
    // Each answer moves its push on from this run's claim only (a state never goes back: a push
    // another run or a stop has moved on stays as it is), and only what was written is counted.
    const written = await queryRows<{ id: number }>(
      db,
      sql`update push_deliveries d set state = a.state, message_id = a.message_id, reason = a.reason,
        variant = a.variant, due_at = a.due_at, at = now()
      from jsonb_to_recordset(${JSON.stringify(
        answers.map((a) => ({
          id: a.id,
          state: a.state,
          message_id: a.messageId,
          reason: a.reason,
          variant: a.variant,
          due_at: a.dueAt ?? null,
        })),
      )}::jsonb) as a(id bigint, state text, message_id text, reason text, variant text, due_at timestamptz)
      where d.task_id = ${row.id}::int and d.token_id = a.id and d.state = 'sending' and d.claim_job = ${claim}::int
      returning d.token_id as id`,
    );
    const landed = new Set(written.map((w) => Number(w.id)));
    const openidOf = new Map(targets.map((x) => [x.id, x.openid]));
    // A send that did not go out gives its grant back (WeChat's 43101 says the player has none).
    if (granted)
      await returnGrants(
        db,
        row,
        answers
          .filter((a) => a.state === 'failed' && a.reason !== 'no_grant' && a.reason !== '43101')
          .map((a) => openidOf.get(a.id)!),
      );
    await retireInvalid(
      db,
      answers.filter((a) => a.state === 'invalid_token').map((a) => ({ id: a.id, reason: a.reason })),
    );
    for (const a of answers.filter((x) => landed.has(x.id)))
      if (a.state === 'sent') done.sent++;
      else if (a.state === 'failed') done.failed++;
      else if (a.state === 'invalid_token') done.invalid++;
  }
  await tx.execute(sql`update push_tasks set
      sent = sent + ${done.sent}::int, failed = failed + ${done.failed}::int,
      invalid_tokens = invalid_tokens + ${done.invalid}::int
      ${
        wave
          ? sql``
          : sql`, chunks_done = case when chunks_done @> ${JSON.stringify([input.chunk])}::jsonb then chunks_done
        else chunks_done || ${JSON.stringify([input.chunk])}::jsonb end`
      }
    where id = ${row.id}::int`);
  // A wave's end is its job's (`sendEnded`).
  if (wave) return done;
  // The last batch: the counters read again from the deliveries (exact after any restart).
  await tx.execute(sql`update push_tasks k set
      sent = c.sent, failed = c.failed, invalid_tokens = c.invalid,
      status = case when c.failed > 0 then 'partly_failed' else 'sent' end,
      finished_at = now(), version = version + 1, updated_at = now()
    from (select count(*) filter (where state = 'sent')::int as sent,
            count(*) filter (where state = 'failed')::int as failed,
            count(*) filter (where state = 'invalid_token')::int as invalid
          from push_deliveries where task_id = ${row.id}::int) c
    where k.id = ${row.id}::int and k.status in ('sending', 'partly_failed')
      and jsonb_array_length(k.chunks_done) >= k.chunk_count
      and not exists (select 1 from push_deliveries w where w.task_id = k.id and w.state in ('deferred', 'sending'))`);
  // The last batch with pushes waiting (a retry's too, the task partly failed): the next wave.
  await scheduleWave(tx, jobs, row.id, sql`jsonb_array_length(k.chunks_done) >= k.chunk_count`);
  return done;
}

/**
 * The next wave of a task still sending (or partly failed) whose pushes wait, at the earliest of
 * their moments (the one-off's key is the task's: scheduled again, it moves), when `when` holds.
 */
async function scheduleWave(tx: Db, jobs: JobRunner | undefined, taskId: number, when: SQL): Promise<void> {
  if (!jobs) return;
  const [waiting] = await queryRows<{ due: Date | string | null }>(
    tx,
    sql`select min(d.due_at) as due from push_tasks k join push_deliveries d on d.task_id = k.id and d.state = 'deferred'
      where k.id = ${taskId}::int and k.status in ('sending', 'partly_failed') and ${when}`,
  );
  if (waiting?.due)
    await jobs.scheduleAt(DEFERRED_TASK, deferredKey(taskId), new Date(waiting.due), { task_id: taskId });
}

/** The key of a task's deferred-pushes one-off. */
export const deferredKey = (taskId: number) => `push-deferred:${taskId}`;

/**
 * A stopped task's pushes still waiting (deferred) are cancelled: counted as such, never sent. Those
 * a wave claimed already (`sending`) are in flight and answered as usual.
 */
export async function cancelDeferred(tx: Db, taskId: number): Promise<number> {
  const rows = await queryRows(
    tx,
    sql`update push_deliveries set state = 'cancelled', reason = 'stopped', at = now()
      where task_id = ${taskId}::int and state = 'deferred' returning 1`,
  );
  return rows.length;
}

const allDone = (row: PushTaskRow) => row.chunksDone.length >= row.chunkCount;
/** Still sending: its send job at work or pushes waiting, or partly failed (pushes may wait). */
const sends = (row: PushTaskRow) => row.status === 'sending' || row.status === 'partly_failed';

/**
 * The deferred pushes' wave (the one-off at the earliest moment, `tx` its run's transaction): a
 * task sending (its batches all done) or partly failed, with deferred pushes now due, gets a wave
 * queued: a send job of those pushes only, about CHUNK a batch. Answers the job's id (null: nothing
 * due, or the task stopped or done).
 */
export async function queueDeferred(tx: Db, taskId: number): Promise<number | null> {
  const [row] = await tx.select().from(pushTasks).where(eq(pushTasks.id, taskId)).for('update');
  if (!row || !sends(row) || (row.status === 'sending' && !allDone(row))) return null;
  // The token id each CHUNK due pushes start at (by token id): the wave's batches.
  const starts = await queryRows<{ id: number }>(
    tx,
    sql`select token_id as id from (select token_id, row_number() over (order by token_id) as n from push_deliveries
        where task_id = ${taskId}::int and state = 'deferred' and due_at <= now()) s
      where (n - 1) % ${CHUNK} = 0 order by token_id`,
  );
  if (!starts.length) return null;
  const ids = starts.map((s) => Number(s.id));
  const items: ChunkInput[] = ids.map((from, chunk) => ({
    task_id: row.id,
    chunk,
    from,
    to: ids[chunk + 1] ?? null,
    wave: true,
  }));
  return insertJob(
    tx,
    SEND_JOB,
    { cpId: row.cpId, productId: row.productId, userId: null, username: row.createdBy },
    { items, params: { task_id: row.id, name: row.name, wave: true } },
  );
}

/** The waves of a task not ended yet (queued or running): a stop cancels them. */
export async function activeWaves(db: Db, taskId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from jobs where kind = ${SEND_JOB} and status in ('queued', 'running')
      and params->>'task_id' = ${String(taskId)} and (params->>'wave')::boolean is true`,
  );
  return rows.map((r) => Number(r.id));
}

/** The one-off's handler: queues the wave and starts it once committed. */
export function deferredDue(db: Db, jobs: JobRunner | undefined) {
  return async (payload: unknown, task: { db: Db }): Promise<void> => {
    const jobId = await queueDeferred(task.db, (payload as { task_id: number }).task_id);
    if (jobId !== null) runJobOnceCommitted(db, jobs, jobId);
  };
}

/** Takes one grant of the task's template for each player among `targets` (not capped); answers those who had one. */
async function takeGrants(
  db: Db,
  row: PushTaskRow,
  targets: Target[],
  capped: Set<string>,
): Promise<Set<string>> {
  const openids = [...new Set(targets.map((t) => t.openid).filter((o) => !capped.has(o)))];
  if (!openids.length) return new Set();
  const taken = await queryRows<{ openid: string }>(
    db,
    sql`update push_grants set used = used + 1, updated_at = now()
      where product_id = ${row.productId}::int and template_id = ${row.templateId}
        and openid in (select jsonb_array_elements_text(${JSON.stringify(openids)}::jsonb)) and used < granted
      returning openid`,
  );
  return new Set(taken.map((t) => t.openid));
}

async function returnGrants(db: Db, row: PushTaskRow, openids: string[]): Promise<void> {
  if (!openids.length) return;
  await db.execute(sql`update push_grants set used = greatest(used - 1, 0), updated_at = now()
    where product_id = ${row.productId}::int and template_id = ${row.templateId}
      and openid in (select jsonb_array_elements_text(${JSON.stringify([...new Set(openids)])}::jsonb))`);
}

/** A mini-game task naming no fields of its own says what its template's mapping says. */
async function withMapping(db: Db, row: PushTaskRow): Promise<PushTaskRow> {
  if (row.data.length) return row;
  const [template] = await queryRows<{ mapping: { key: string; value: string }[] }>(
    db,
    sql`select mapping from push_templates where product_id = ${row.productId}::int and template_id = ${row.templateId}`,
  );
  return { ...row, data: (template?.mapping ?? []).filter((m) => m.value !== '') };
}

/**
 * A send job or a wave ended (in the job's last transaction). A send whose batches all went well was
 * settled by its last batch. Otherwise the task's counters are read again from its deliveries (a
 * batch undone and run again counted nothing the second time), and its status follows: partly
 * failed when batches failed (until the staff's retry sends them, or a stop); after a wave, sent or
 * partly failed once its batches are all done and nothing waits (nor is claimed, unanswered).
 * Pushes still waiting get the next wave — after a wave whose batches failed, only those due later
 * (what the failed batches left is the staff's to retry: never a wave again and again at once).
 */
export function sendEnded(jobs: JobRunner | undefined) {
  return async (tx: Db, job: { params: unknown; failed: number }): Promise<void> => {
    const params = job.params as { task_id?: number; wave?: boolean };
    const taskId = params.task_id;
    const wave = params.wave === true;
    if (!taskId || (job.failed === 0 && !wave)) return;
    const failedBatches = job.failed > 0;
    await tx.execute(sql`with c as (
        select count(*) filter (where state = 'sent')::int as sent,
          count(*) filter (where state = 'failed')::int as failed,
          count(*) filter (where state = 'invalid_token')::int as invalid,
          count(*) filter (where state in ('deferred', 'sending'))::int as waiting
        from push_deliveries where task_id = ${taskId}::int),
      n as (
        select k.id, case
            when k.status = 'sending' and ${failedBatches}::boolean then 'partly_failed'
            when k.status in ('sending', 'partly_failed') and jsonb_array_length(k.chunks_done) >= k.chunk_count
              and c.waiting = 0 then case when c.failed > 0 then 'partly_failed' else 'sent' end
            else k.status end as status
        from push_tasks k, c where k.id = ${taskId}::int)
      update push_tasks k set sent = c.sent, failed = c.failed, invalid_tokens = c.invalid, status = n.status,
        finished_at = case when n.status <> k.status then now() else k.finished_at end,
        version = k.version + case when n.status <> k.status then 1 else 0 end,
        updated_at = case when n.status <> k.status then now() else k.updated_at end
      from c, n where k.id = n.id`);
    await scheduleWave(tx, jobs, taskId, wave && failedBatches ? sql`d.due_at > now()` : sql`true`);
  };
}
