import { and, eq, sql } from 'drizzle-orm';
import {
  ErrorCode,
  PUSH_PROVIDERS,
  type PushDeliveryState,
  type PushProviderName,
  type PushTaskStats,
  type PushVariantStats,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { queryRows } from '../../lib/rows.ts';
import { pushTasks } from './tables.ts';
import { inGame } from '../../lib/scope.ts';

type PushTaskRowKind = (typeof pushTasks.$inferSelect)['kind'];

/** The task of `id` in the caller's product (404001 otherwise). */
export async function taskOf(db: Db, scope: Scope, id: number) {
  const [row] = await db
    .select()
    .from(pushTasks)
    .where(
      and(
        eq(pushTasks.id, id),
        inGame(pushTasks, scope),
        // The page's kind (`?kind=`): a mini-program task is not read with app push's permission.
        eq(pushTasks.kind, (scope.dimension?.value ?? 'app') as PushTaskRowKind),
      ),
    );
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

/** A task's deliveries in all, per provider and failures per reason: two grouped queries. */
export async function pushStats(db: Db, scope: Scope, id: number): Promise<PushTaskStats> {
  const row = await taskOf(db, scope, id);
  const rows = await queryRows<{
    provider: PushProviderName;
    state: PushDeliveryState | 'sending';
    n: number;
  }>(
    db,
    sql`select provider, state, count(*)::int as n from push_deliveries where task_id = ${id}::int group by 1, 2`,
  );
  const reasons = await queryRows<{ reason: string; n: number }>(
    db,
    sql`select reason, count(*)::int as n from push_deliveries where task_id = ${id}::int and state = 'failed'
      group by 1 order by 2 desc, 1`,
  );
  const [opened] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from push_deliveries where task_id = ${id}::int and opened_at is not null`,
  );
  const { variants, days, players } = await variantStats(db, row);
  const count = (state: string, provider?: string) =>
    rows
      .filter((r) => r.state === state && (!provider || r.provider === provider))
      .reduce((sum, r) => sum + Number(r.n), 0);
  const sent = count('sent');
  const failed = count('failed');
  const invalid = count('invalid_token');
  const capped = count('capped');
  const deferred = count('deferred');
  const quiet = count('quiet');
  const cancelled = count('cancelled');
  return {
    targeted: row.targeted,
    sent,
    failed,
    invalid_token: invalid,
    capped,
    opened: Number(opened!.n),
    pending: Math.max(0, row.targeted - sent - failed - invalid - capped - deferred - quiet - cancelled),
    providers: PUSH_PROVIDERS.filter((p) => rows.some((r) => r.provider === p)).map((provider) => ({
      provider,
      sent: count('sent', provider),
      failed: count('failed', provider),
      invalid_token: count('invalid_token', provider),
    })),
    reasons: reasons.map((r) => ({ reason: r.reason, count: Number(r.n) })),
    deferred,
    quiet,
    cancelled,
    delivered: players.delivered,
    converted: players.converted,
    variants,
    days,
  };
}

type Counts = Omit<PushVariantStats, 'variant'>;
const empty = (): Counts => ({
  targeted: 0,
  sent: 0,
  failed: 0,
  delivered: 0,
  opened: 0,
  converted: 0,
  reasons: [],
});

/**
 * Per A/B variant and per UTC day of the delivery (its last move) and variant: devices targeted,
 * sent and failed by reason (one grouped read), players delivered, opened and converted (signed in
 * within `convert_hours` of their push; one read with grouping sets, so a variant's players are
 * counted once over its days).
 */
async function variantStats(db: Db, row: typeof pushTasks.$inferSelect) {
  const devices = await queryRows<{ variant: string; day: string; state: string; reason: string; n: number }>(
    db,
    sql`select variant, to_char(at at time zone 'UTC', 'YYYY-MM-DD') as day, state, reason, count(*)::int as n
      from push_deliveries where task_id = ${row.id}::int group by 1, 2, 3, 4`,
  );
  const players = await queryRows<{
    variant: string | null;
    day: string | null;
    delivered: number;
    opened: number;
    converted: number;
  }>(
    db,
    sql`select d.variant, to_char(d.at at time zone 'UTC', 'YYYY-MM-DD') as day,
        count(distinct d.openid) filter (where d.delivered_at is not null)::int as delivered,
        count(distinct d.openid) filter (where d.opened_at is not null)::int as opened,
        count(distinct d.openid) filter (where exists (select 1 from players p join player_logins l on l.player_id = p.id
          where p.product_id = ${row.productId}::int and p.openid = d.openid and l.at > d.at
            and l.at <= d.at + make_interval(hours => ${row.convertHours}::int)))::int as converted
      from push_deliveries d where d.task_id = ${row.id}::int and d.state = 'sent'
      group by grouping sets ((d.variant, to_char(d.at at time zone 'UTC', 'YYYY-MM-DD')), (d.variant), ())`,
  );
  const byVariant = new Map<string, Counts>();
  const byDay = new Map<string, Counts & { day: string; variant: string }>();
  const keys = ['', ...row.variants.map((v) => v.key)];
  for (const key of keys) byVariant.set(key, empty());
  const add = (into: Counts, d: (typeof devices)[number]) => {
    const n = Number(d.n);
    into.targeted += n;
    if (d.state === 'sent') into.sent += n;
    if (d.state === 'failed') {
      into.failed += n;
      const reason = into.reasons.find((r) => r.reason === d.reason);
      if (reason) reason.count += n;
      else into.reasons.push({ reason: d.reason, count: n });
    }
  };
  for (const d of devices) {
    if (!byVariant.has(d.variant)) byVariant.set(d.variant, empty());
    add(byVariant.get(d.variant)!, d);
    const dayKey = `${d.day}|${d.variant}`;
    if (!byDay.has(dayKey)) byDay.set(dayKey, { ...empty(), day: d.day, variant: d.variant });
    add(byDay.get(dayKey)!, d);
  }
  let total = { delivered: 0, converted: 0 };
  for (const p of players) {
    const figures = {
      delivered: Number(p.delivered),
      opened: Number(p.opened),
      converted: Number(p.converted),
    };
    if (p.variant === null) total = figures;
    else if (p.day === null) Object.assign(byVariant.get(p.variant) ?? {}, figures);
    else Object.assign(byDay.get(`${p.day}|${p.variant}`) ?? {}, figures);
  }
  // The base is listed only when some players got it (or there are no variants).
  const variants = [...byVariant.entries()]
    .filter(([key, c]) => key !== '' || c.targeted > 0 || !row.variants.length)
    .map(([variant, c]) => ({ variant, ...c, reasons: c.reasons.sort((a, b) => b.count - a.count) }));
  const days = [...byDay.values()].sort(
    (a, b) => a.day.localeCompare(b.day) || a.variant.localeCompare(b.variant),
  );
  return { variants, days, players: total };
}
