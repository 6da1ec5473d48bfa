import { sql } from 'drizzle-orm';
import { playerEvent, type PlayerEvent, type PlayerEventResult } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { queryRows } from '../../lib/rows.ts';
import { isLoginRefused } from '../sanctions/index.ts';
import { runSignInHooks } from './sign-in-hooks.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** An event the data refuses (its savepoint is rolled back). */
class Refused extends Error {}

/** The first problem of an event that does not match its schema, as "field: reason". */
function problem(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const first = error.issues[0];
  return first ? `${first.path.map(String).join('.') || 'event'}: ${first.message}` : 'invalid event';
}

/** The player of an event: created on first sight (a game may never send `register`), its id answered. */
async function playerOf(tx: Tx, productId: number, event: PlayerEvent): Promise<number> {
  const register = event.type === 'register' ? event : undefined;
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`
    insert into players (product_id, openid, channel, sub_channel, region, nickname, created_at)
    values (${productId}, ${event.openid}, ${register?.channel ?? (event.type === 'login' ? (event.channel ?? '') : '')},
      ${register?.sub_channel ?? ''}, ${register?.region ?? ''}, ${register?.nickname ?? ''}, ${event.at})
    on conflict (product_id, openid) do update set
      channel = case when excluded.channel <> '' then excluded.channel else players.channel end,
      sub_channel = case when excluded.sub_channel <> '' then excluded.sub_channel else players.sub_channel end,
      region = case when excluded.region <> '' then excluded.region else players.region end,
      nickname = case when excluded.nickname <> '' then excluded.nickname else players.nickname end,
      created_at = least(players.created_at, excluded.created_at)
    returning id`,
  );
  return Number(rows[0]!.id);
}

async function applyLogin(
  tx: Tx,
  productId: number,
  playerId: number,
  event: Extract<PlayerEvent, { type: 'login' | 'register' }>,
): Promise<void> {
  await tx.execute(sql`
    update players set
      last_login_at = greatest(coalesce(last_login_at, ${event.at}::timestamptz), ${event.at}::timestamptz),
      last_ip = case when last_login_at is null or last_login_at <= ${event.at}::timestamptz
        then ${event.ip ?? ''} else last_ip end,
      country = case when last_login_at is null or last_login_at <= ${event.at}::timestamptz
        then ${event.country ?? ''} else country end
    where id = ${playerId}`);
  await tx.execute(sql`
    insert into player_logins (product_id, player_id, at, ip, country, device_id, device_model, os, app_version)
    values (${productId}, ${playerId}, ${event.at}, ${event.ip ?? ''}, ${event.country ?? ''},
      ${event.device_id ?? ''}, ${event.device_model ?? ''}, ${event.os ?? ''}, ${event.app_version ?? ''})`);
  if (event.device_id) {
    await tx.execute(sql`
      insert into player_devices (product_id, player_id, device_id, device_model, os, first_seen, last_seen)
      values (${productId}, ${playerId}, ${event.device_id}, ${event.device_model ?? ''}, ${event.os ?? ''},
        ${event.at}, ${event.at})
      on conflict (player_id, device_id) do update set
        first_seen = least(player_devices.first_seen, excluded.first_seen),
        last_seen = greatest(player_devices.last_seen, excluded.last_seen),
        device_model = case when excluded.last_seen >= player_devices.last_seen
          then excluded.device_model else player_devices.device_model end,
        os = case when excluded.last_seen >= player_devices.last_seen then excluded.os else player_devices.os end`);
  }
}

/** Keeps the player's paid total (paid or delivered orders, not refunded) current. */
async function refreshPaid(tx: Tx, playerId: number): Promise<void> {
  await tx.execute(sql`
    update players set paid_total = coalesce((
      select sum(amount) from player_orders where player_id = ${playerId} and status <> 'refunded'), 0)
    where id = ${playerId}`);
}

/** Applies one valid event; an answer other than undefined refuses it (its changes are rolled back). */
async function apply(tx: Tx, productId: number, event: PlayerEvent): Promise<string | undefined> {
  const playerId = await playerOf(tx, productId, event);
  switch (event.type) {
    case 'register':
      // A registration signs in with the device it registered from.
      if (event.ip || event.device_id) await applyLogin(tx, productId, playerId, event);
      return undefined;
    case 'login': {
      // A banned account, or any account on a banned device, is refused (modules/sanctions).
      const refused = await isLoginRefused(tx, productId, playerId, event.device_id);
      if (refused) return refused;
      await applyLogin(tx, productId, playerId, event);
      await runSignInHooks(tx as unknown as Db, { productId, openid: event.openid, at: event.at });
      return undefined;
    }
    case 'role_update': {
      const rows = await queryRows<{ player_id: number }>(
        tx,
        sql`
        insert into player_roles (product_id, player_id, server, role_id, name, level, vip, last_active_at)
        values (${productId}, ${playerId}, ${event.server}, ${event.role_id}, ${event.name}, ${event.level},
          ${event.vip}, ${event.at})
        on conflict (product_id, server, role_id) do update set
          name = excluded.name, level = excluded.level, vip = excluded.vip,
          last_active_at = greatest(player_roles.last_active_at, excluded.last_active_at)
        where player_roles.player_id = excluded.player_id
        returning player_id`,
      );
      return rows.length ? undefined : 'role_id belongs to another player';
    }
    case 'payment': {
      const delivered = event.status === 'delivered';
      const rows = await queryRows<{ player_id: number }>(
        tx,
        sql`
        insert into player_orders (product_id, order_no, player_id, store, sku, amount, currency, status, server,
          role_id, paid_at, delivered_at)
        values (${productId}, ${event.order_no}, ${playerId}, ${event.store}, ${event.sku}, ${event.amount},
          ${event.currency}, ${event.status}, ${event.server ?? ''}, ${event.role_id ?? ''}, ${event.at},
          ${delivered ? event.at : null})
        on conflict (product_id, order_no) do update set
          status = case when player_orders.status = 'refunded' then 'refunded'
            when excluded.status = 'delivered' then 'delivered' else player_orders.status end,
          delivered_at = coalesce(player_orders.delivered_at, excluded.delivered_at)
        where player_orders.player_id = excluded.player_id
        returning player_id`,
      );
      if (!rows.length) return 'order_no belongs to another player';
      await refreshPaid(tx, playerId);
      return undefined;
    }
    case 'refund_notice': {
      const rows = await queryRows<{ player_id: number }>(
        tx,
        sql`
        update player_orders set status = 'refunded', refunded_at = ${event.at}, refund_reason = ${event.reason ?? ''}
        where product_id = ${productId} and order_no = ${event.order_no} and player_id = ${playerId}
        returning player_id`,
      );
      if (!rows.length) return 'order_no: no such order of this player';
      await refreshPaid(tx, playerId);
      return undefined;
    }
  }
}

/**
 * A batch of a game's events, applied one by one in one transaction (each in its own savepoint):
 * an event id already stored answers `duplicate` and changes nothing; an invalid event answers its
 * reason and the others still apply.
 */
export async function ingestPlayerEvents(
  db: Db,
  productId: number,
  events: unknown[],
): Promise<PlayerEventResult[]> {
  return db.transaction(async (tx) => {
    const results: PlayerEventResult[] = [];
    for (const raw of events) {
      const parsed = playerEvent.safeParse(raw);
      const eventId =
        typeof (raw as { event_id?: unknown })?.event_id === 'string'
          ? (raw as { event_id: string }).event_id.slice(0, 64)
          : '';
      if (!parsed.success) {
        results.push({ event_id: eventId, status: 'error', message: problem(parsed.error) });
        continue;
      }
      const event = parsed.data;
      try {
        const outcome = await tx.transaction(async (step) => {
          const claimed = await queryRows(
            step,
            sql`
            insert into player_event_ids (product_id, event_id, openid)
            values (${productId}, ${event.event_id}, ${event.openid})
            on conflict do nothing returning event_id`,
          );
          if (!claimed.length) return 'duplicate' as const;
          const refused = await apply(step, productId, event);
          // Undoes the event id as well: a corrected event may come again under the same id.
          if (refused) throw new Refused(refused);
          return 'ok' as const;
        });
        results.push({ event_id: event.event_id, status: outcome });
      } catch (error) {
        if (!(error instanceof Refused)) throw error;
        results.push({ event_id: event.event_id, status: 'error', message: error.message });
      }
    }
    return results;
  });
}
