import { sql, type SQL } from 'drizzle-orm';
import {
  ANNOUNCEMENT_LIFECYCLE,
  announcementsResource,
  CODE_BATCH_LIFECYCLE,
  codeBatchResource,
  MAIL_LIFECYCLE,
  mailsResource,
  playersResource,
  playerTicketsResource,
  productTicketsResource,
  type Resource,
} from '@rx/contracts';
import { COCKPIT_DAYS, type Cockpit } from '@rx/contracts/cockpit';
import type { Db } from '../../db/index.ts';
import type { UserGrants } from '../../lib/grants.ts';
import { queryRows } from '../../lib/rows.ts';
import { pendingToDecide } from '../approvals/index.ts';
import { mayOpen } from '../search/index.ts';

/** Who looks: their CP and its area, the chosen game, what they hold. */
export interface CockpitCaller {
  cpId: number;
  userId: number;
  area: string;
  productId: number;
  grants: UserGrants;
}

type Row = Record<string, unknown>;
const num = (value: unknown) => Number(value ?? 0);
const DAY_MS = 86_400_000;

/** The statuses of a lifecycle that read as live. */
const liveStatuses = (lifecycle: { states: Record<string, string> }) =>
  Object.entries(lifecycle.states)
    .filter(([, state]) => state === 'live')
    .map(([status]) => status);
const inList = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** The window: today's start (UTC) and the start of the 30-day range ending today. */
function windowOf(now: Date) {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = new Date(today.getTime() - (COCKPIT_DAYS - 1) * DAY_MS);
  const days = Array.from({ length: COCKPIT_DAYS }, (_, i) =>
    new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10),
  );
  return { today, from, days };
}

/** A day's index in the window from the start of that day (a time the database answered). */
const dayIndex = (w: { from: Date; days: string[] }, day: unknown) => {
  const i = Math.round((new Date(day as string | Date).getTime() - w.from.getTime()) / DAY_MS);
  return i >= 0 && i < w.days.length ? i : -1;
};

// Each query below reads one game's rows through an index on (product, time) or (product, state).

async function players(db: Db, productId: number, w: ReturnType<typeof windowOf>) {
  const [counts, daily] = await Promise.all([
    queryRows<Row>(
      db,
      sql`select
        (select count(*) from players where product_id = ${productId} and created_at >= ${w.today}) as new_today,
        (select count(*) from players where product_id = ${productId} and created_at >= ${w.from}) as new_30d,
        (select count(*) from players where product_id = ${productId} and last_login_at >= ${w.today}) as active_today,
        (select count(*) from players where product_id = ${productId} and last_login_at >= ${w.from}) as active_30d`,
    ),
    // A count per day, each an index-only range count (no per-row formatting of 60,000 rows).
    queryRows<Row>(
      db,
      sql`select d as day, (select count(*) from players where product_id = ${productId}
          and created_at >= d and created_at < d + interval '1 day') as n
        from generate_series(${w.from}::timestamptz, ${w.today}::timestamptz, interval '1 day') d`,
    ),
  ]);
  const c = counts[0]!;
  const newDaily = w.days.map(() => 0);
  for (const row of daily) {
    const i = dayIndex(w, row.day);
    if (i >= 0) newDaily[i] = num(row.n);
  }
  return {
    new_today: num(c.new_today),
    new_30d: num(c.new_30d),
    active_today: num(c.active_today),
    active_30d: num(c.active_30d),
    new_daily: newDaily,
  };
}

async function payments(db: Db, productId: number, w: ReturnType<typeof windowOf>) {
  // Paid orders, refunded ones excepted (as the players list counts what a player paid).
  const paid = sql`product_id = ${productId} and paid_at >= ${w.from} and status <> 'refunded'`;
  const [payers, daily] = await Promise.all([
    queryRows<Row>(
      db,
      sql`select count(distinct player_id) filter (where paid_at >= ${w.today}) as today,
        count(distinct player_id) as last_30d from player_orders where ${paid}`,
    ),
    queryRows<Row>(
      db,
      sql`select date_bin('1 day', paid_at, ${w.from}::timestamptz) as day, currency, sum(amount) as total
        from player_orders where ${paid} group by 1, 2`,
    ),
  ]);
  const revenueDaily: Record<string, number[]> = {};
  const revenue30: Record<string, number> = {};
  const revenueToday: Record<string, number> = {};
  const last = w.days.length - 1;
  for (const row of daily) {
    const currency = String(row.currency);
    const i = dayIndex(w, row.day);
    if (i < 0) continue;
    const total = num(row.total);
    (revenueDaily[currency] ??= w.days.map(() => 0))[i] = total;
    revenue30[currency] = (revenue30[currency] ?? 0) + total;
    if (i === last) revenueToday[currency] = total;
  }
  return {
    payers_today: num(payers[0]?.today),
    payers_30d: num(payers[0]?.last_30d),
    revenue_today: revenueToday,
    revenue_30d: revenue30,
    revenue_daily: revenueDaily,
  };
}

async function todayAnd30(db: Db, query: (from: Date) => SQL, w: ReturnType<typeof windowOf>) {
  const [row] = await queryRows<Row>(
    db,
    sql`select (${query(w.today)}) as today, (${query(w.from)}) as last_30d`,
  );
  return { today: num(row?.today), last_30d: num(row?.last_30d) };
}

async function tickets(db: Db, caller: CockpitCaller, kinds: ('product' | 'player')[]) {
  const now = Date.now();
  const rows = await queryRows<Row>(
    db,
    sql`select kind, count(*) as n, min(created_at) as oldest,
      count(*) filter (where created_at < ${new Date(now - DAY_MS)}) as older_1d,
      count(*) filter (where created_at < ${new Date(now - 3 * DAY_MS)}) as older_3d
      from tickets where product_id = ${caller.productId} and kind in (${inList(kinds)})
      and state not in ('resolved', 'closed') group by kind`,
  );
  const open: Partial<Record<'product' | 'player', number>> = {};
  for (const kind of kinds) open[kind] = 0;
  let oldest: Date | null = null;
  let older1 = 0;
  let older3 = 0;
  for (const row of rows) {
    open[row.kind as 'product'] = num(row.n);
    const at = row.oldest ? new Date(String(row.oldest)) : null;
    if (at && (!oldest || at < oldest)) oldest = at;
    older1 += num(row.older_1d);
    older3 += num(row.older_3d);
  }
  return { open, oldest_at: oldest ? oldest.toISOString() : null, older_1d: older1, older_3d: older3 };
}

async function campaigns(db: Db, productId: number, kinds: Record<string, boolean>) {
  const parts: Record<string, SQL> = {
    mails: sql`(select count(*) from mails where product_id = ${productId}
      and status in (${inList(liveStatuses(MAIL_LIFECYCLE))}))`,
    announcements: sql`(select count(*) from announcements where product_id = ${productId}
      and status in (${inList(liveStatuses(ANNOUNCEMENT_LIFECYCLE))}))`,
    code_batches: sql`(select count(*) from code_batches where product_id = ${productId}
      and status in (${inList(liveStatuses(CODE_BATCH_LIFECYCLE))}))`,
  };
  const asked = Object.keys(parts).filter((kind) => kinds[kind]);
  if (asked.length === 0) return undefined;
  const [row] = await queryRows<Row>(
    db,
    sql`select ${sql.join(
      asked.map((kind) => sql`${parts[kind]!} as ${sql.identifier(kind)}`),
      sql`, `,
    )}`,
  );
  return Object.fromEntries(asked.map((kind) => [kind, num(row?.[kind])]));
}

async function runningJobs(db: Db, caller: CockpitCaller): Promise<number> {
  const mine = caller.grants.isAdmin ? sql`true` : sql`user_id = ${caller.userId}`;
  const [row] = await queryRows<Row>(
    db,
    sql`select count(*) as n from jobs where cp_id = ${caller.cpId} and status in ('queued', 'running') and ${mine}`,
  );
  return num(row?.n);
}

/** The cockpit of one game for one caller: only the parts whose page they may open. */
export async function cockpit(db: Db, caller: CockpitCaller, now = new Date()): Promise<Cockpit> {
  const w = windowOf(now);
  const may = (resource: Pick<Resource, 'page' | 'permissions'>) =>
    mayOpen(caller.grants, caller.area, resource);
  const pid = caller.productId;
  const ticketKinds = (
    [
      ['product', productTicketsResource],
      ['player', playerTicketsResource],
    ] as const
  )
    .filter(([, resource]) => may(resource))
    .map(([kind]) => kind);
  const [p, pay, redeemed, claimed, open, live, pending, running] = await Promise.all([
    may(playersResource) ? players(db, pid, w) : undefined,
    may(playersResource) ? payments(db, pid, w) : undefined,
    may(codeBatchResource)
      ? todayAnd30(
          db,
          (from) =>
            sql`select count(*) from code_redemptions where product_id = ${pid} and created_at >= ${from}`,
          w,
        )
      : undefined,
    may(mailsResource)
      ? todayAnd30(
          db,
          // A claim in the window is of a mail that had not expired before it began.
          (from) => sql`select count(*) from mail_recipients r join mails m on m.id = r.mail_id
            where m.product_id = ${pid} and (m.expire_at is null or m.expire_at >= ${w.from})
            and r.claimed_at >= ${from}`,
          w,
        )
      : undefined,
    ticketKinds.length ? tickets(db, caller, ticketKinds) : undefined,
    campaigns(db, pid, {
      mails: may(mailsResource),
      announcements: may(announcementsResource),
      code_batches: may(codeBatchResource),
    }),
    pendingToDecide(db, caller),
    runningJobs(db, caller),
  ]);
  return {
    product_id: pid,
    days: w.days,
    ...(p ? { players: p } : {}),
    ...(pay ? { payments: pay } : {}),
    ...(redeemed ? { redemptions: redeemed } : {}),
    ...(claimed ? { mail_claimed: claimed } : {}),
    ...(open ? { tickets: open } : {}),
    ...(live ? { campaigns: live } : {}),
    approvals: { pending },
    jobs: { running },
  };
}
