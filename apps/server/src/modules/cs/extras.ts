import { and, desc, eq, ilike, isNull, ne, or, sql } from 'drizzle-orm';
import { ErrorCode, type CsPlayerContext, type CsScript, type CsScriptInput } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { logChange } from '../../lib/operation-log.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import { players } from '../players/tables.ts';
import { toItem } from '../sanctions/index.ts';
import { sanctions } from '../sanctions/tables.ts';
import { tickets } from '../tickets/tables.ts';
import { csConversations, csScripts } from './tables.ts';
import { readConversation } from './read-conversation.ts';
import { listCsOrders } from './desk-orders.ts';
import { inGame, rowInGame } from '../../lib/scope.ts';

/** Canned replies and the player's context beside the chat. */

type ScriptRow = typeof csScripts.$inferSelect;

function toScript(row: ScriptRow): CsScript {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    body: row.body,
    lang: row.lang,
    personal: row.ownerId !== null,
    created_by: row.createdBy,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The game's shared scripts and the caller's own (never another agent's personal ones). */
const visible = (scope: ProductScope) =>
  and(inGame(csScripts, scope), or(isNull(csScripts.ownerId), eq(csScripts.ownerId, scope.userId)));

export async function listScripts(db: Db, scope: ProductScope, q?: string): Promise<CsScript[]> {
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await db
    .select()
    .from(csScripts)
    .where(
      and(
        visible(scope),
        like
          ? or(ilike(csScripts.title, like), ilike(csScripts.body, like), ilike(csScripts.category, like))
          : undefined,
      ),
    )
    .orderBy(csScripts.category, csScripts.title, csScripts.id)
    .limit(500);
  return rows.map(toScript);
}

async function scriptOf(db: Db, scope: ProductScope, id: number): Promise<ScriptRow> {
  const [row] = await db
    .select()
    .from(csScripts)
    .where(and(visible(scope), eq(csScripts.id, id)));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

export async function createScript(
  db: Db,
  scope: ProductScope,
  input: Required<Omit<CsScriptInput, 'personal'>> & { personal: boolean },
): Promise<CsScript> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(csScripts)
      .values({
        cpId: scope.cpId,
        productId: scope.productId,
        ownerId: input.personal ? scope.userId : null,
        title: input.title,
        category: input.category,
        body: input.body,
        lang: input.lang,
        createdBy: scope.username,
      })
      .returning();
    const script = toScript(row!);
    await logChange(tx, scope, {
      action: 'create',
      targetType: 'cs_script',
      targetId: row!.id,
      targetName: row!.title,
      after: script,
    });
    return script;
  });
}

export async function updateScript(
  db: Db,
  scope: ProductScope,
  id: number,
  input: Partial<CsScriptInput> & { version: number },
): Promise<CsScript> {
  return db.transaction(async (tx) => {
    const before = await scriptOf(tx, scope, id);
    const row = await updateVersioned(tx, csScripts, eq(csScripts.id, before.id), input.version, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.category !== undefined ? { category: input.category } : {}),
      ...(input.body !== undefined ? { body: input.body } : {}),
      ...(input.lang !== undefined ? { lang: input.lang } : {}),
      ...(input.personal !== undefined ? { ownerId: input.personal ? scope.userId : null } : {}),
    });
    const script = toScript(row);
    await logChange(tx, scope, {
      action: 'update',
      targetType: 'cs_script',
      targetId: id,
      targetName: row.title,
      before: toScript(before),
      after: script,
    });
    return script;
  });
}

export async function deleteScript(db: Db, scope: ProductScope, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await scriptOf(tx, scope, id);
    await tx.delete(csScripts).where(eq(csScripts.id, id));
    await logChange(tx, scope, {
      action: 'delete',
      targetType: 'cs_script',
      targetId: id,
      targetName: before.title,
      before: toScript(before),
    });
  });
}

/** Orders and sanctions shown beside the chat, at most. */
const CONTEXT_ORDERS = 5;
const CONTEXT_SANCTIONS = 5;

/**
 * The player beside the chat: their account, recent tickets, past conversations, last orders (as
 * the user order query reads them) and sanctions (in force first), all of the conversation's CP and
 * game, and the ticket the conversation was turned into.
 */
export async function playerContext(db: Db, scope: ProductScope, id: number): Promise<CsPlayerContext> {
  const conversation = await readConversation(db, scope, id);
  const { openid } = conversation;
  const [player] = await db
    .select()
    .from(players)
    .where(and(eq(players.productId, scope.productId), eq(players.openid, openid)));
  const recentTickets = await db
    .select({ id: tickets.id, state: tickets.state, content: tickets.content, createdAt: tickets.createdAt })
    .from(tickets)
    .where(
      and(eq(tickets.productId, scope.productId), eq(tickets.cpId, scope.cpId), eq(tickets.openid, openid)),
    )
    .orderBy(desc(tickets.id))
    .limit(5);
  const past = await db
    .select()
    .from(csConversations)
    .where(
      and(
        eq(csConversations.productId, scope.productId),
        eq(csConversations.openid, openid),
        ne(csConversations.id, id),
      ),
    )
    .orderBy(desc(csConversations.id))
    .limit(10);
  const orders = await listCsOrders(db, scope, { page: 1, page_size: CONTEXT_ORDERS, openid });
  const sanctionRows = await db
    .select()
    .from(sanctions)
    .where(and(inGame(sanctions, scope), eq(sanctions.openid, openid)))
    .orderBy(
      sql`case when ${sanctions.status} = 'active' and (${sanctions.endsAt} is null or ${sanctions.endsAt} > now()) then 0 else 1 end`,
      desc(sanctions.id),
    )
    .limit(CONTEXT_SANCTIONS);
  const [ticket] = conversation.ticketId
    ? await db
        .select({ id: tickets.id, state: tickets.state })
        .from(tickets)
        .where(rowInGame(tickets, scope, conversation.ticketId))
    : [];
  return {
    player: player
      ? {
          openid: player.openid,
          nickname: player.nickname,
          channel: player.channel,
          region: player.region,
          created_at: player.createdAt?.toISOString() ?? null,
          last_login_at: player.lastLoginAt?.toISOString() ?? null,
          paid_total: player.paidTotal,
        }
      : null,
    tickets: recentTickets.map((t) => ({
      id: t.id,
      state: t.state,
      content: t.content.slice(0, 200),
      created_at: t.createdAt.toISOString(),
    })),
    conversations: past.map((c) => ({
      id: c.id,
      state: c.state,
      last_message: c.lastMessage,
      rating: c.rating,
      created_at: c.createdAt.toISOString(),
    })),
    orders: orders.list.map((o) => ({
      source: o.source,
      order_no: o.order_no,
      product: o.product,
      amount: o.amount,
      currency: o.currency,
      state: o.state,
      at: o.at,
    })),
    sanctions: sanctionRows.map((r) => ({
      id: r.id,
      kind: r.kind,
      feature: r.feature,
      reason: r.reason,
      // An active row whose end passed reads `expired` (the expiry task may be late).
      status: toItem(r).status,
      starts_at: r.startsAt.toISOString(),
      ends_at: r.endsAt?.toISOString() ?? null,
    })),
    ticket: ticket ?? null,
  };
}
