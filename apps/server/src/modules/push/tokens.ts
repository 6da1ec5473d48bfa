import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { gamePushTokenBody, gamePushUnregisterBody, PushProviderName } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { queryRows } from '../../lib/rows.ts';

/**
 * Registers a player's device token, or refreshes it: the same (provider, token) again updates its
 * player, platform, version, locale and time zone and makes it active again; `previous_token` (the
 * token this one replaces on the device) is retired as `replaced`. A token moves to the player who
 * registers it last (a shared device signed in with another account).
 */
export async function registerToken(
  db: Db,
  productId: number,
  body: z.infer<typeof gamePushTokenBody>,
): Promise<{ id: number; created: boolean }> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ id: number; created: boolean }>(
      tx,
      sql`insert into push_tokens (product_id, openid, platform, provider, token, app_version, locale, time_zone)
        values (${productId}::int, ${body.openid}, ${body.platform}, ${body.provider}, ${body.token},
          ${body.app_version}, ${body.locale}, ${body.time_zone})
        on conflict (product_id, provider, token) do update set
          openid = excluded.openid, platform = excluded.platform, app_version = excluded.app_version,
          locale = excluded.locale, time_zone = excluded.time_zone, status = 'active',
          retired_reason = '', retired_at = null, updated_at = now()
        returning id, (xmax = 0) as created`,
    );
    if (body.previous_token && body.previous_token !== body.token)
      await retireToken(tx, productId, body.provider, body.previous_token, 'replaced', body.openid);
    return { id: Number(row!.id), created: Boolean(row!.created) };
  });
}

/**
 * Retires a token (the game unregistered or replaced it; `openid`: only when it is that player's).
 * Answers whether an active token was retired.
 */
export async function retireToken(
  db: Db,
  productId: number,
  provider: PushProviderName,
  token: string,
  reason: string,
  openid?: string,
): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`update push_tokens set status = 'retired', retired_reason = ${reason}, retired_at = now(), updated_at = now()
      where product_id = ${productId}::int and provider = ${provider} and token = ${token} and status = 'active'
        ${openid ? sql`and openid = ${openid}` : sql``}
      returning id`,
  );
  return rows.length > 0;
}

/** The game unregistered a token (the player signed out on the device, or turned notifications off). */
export function unregisterToken(
  db: Db,
  productId: number,
  body: z.infer<typeof gamePushUnregisterBody>,
): Promise<boolean> {
  return retireToken(db, productId, body.provider, body.token, 'unregistered', body.openid);
}

/** Tokens a provider called invalid, by id: retired with the provider's reason. */
export async function retireInvalid(db: Db, retired: { id: number; reason: string }[]): Promise<void> {
  if (!retired.length) return;
  await db.execute(sql`update push_tokens t set status = 'retired', retired_reason = r.reason,
      retired_at = now(), updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(retired)}::jsonb) as r(id bigint, reason text)
    where t.id = r.id and t.status = 'active'`);
}

/**
 * The player received (`delivered`) or opened a push of the task: its delivery to one of their
 * devices is marked, once (a second report, or one for a push they were not sent, records nothing).
 * An open says it was received too.
 */
export async function recordReport(
  db: Db,
  productId: number,
  openid: string,
  taskId: number,
  report: 'delivered' | 'opened',
): Promise<boolean> {
  const column = sql.raw(report === 'opened' ? 'opened_at' : 'delivered_at');
  const rows = await queryRows(
    db,
    sql`update push_deliveries d set ${
      report === 'opened'
        ? sql`opened_at = now(), delivered_at = coalesce(d.delivered_at, now())`
        : sql`delivered_at = now()`
    }
      where d.task_id = ${taskId}::int and d.openid = ${openid} and d.state = 'sent'
        and exists (select 1 from push_tasks k where k.id = d.task_id and k.product_id = ${productId}::int)
        and not exists (select 1 from push_deliveries o where o.task_id = d.task_id and o.openid = d.openid
          and o.${column} is not null)
        and d.token_id = (select min(x.token_id) from push_deliveries x
          where x.task_id = d.task_id and x.openid = d.openid and x.state = 'sent')
      returning 1`,
  );
  return rows.length > 0;
}
