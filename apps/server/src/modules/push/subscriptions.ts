import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  ErrorCode,
  gameSubscriptionBody,
  idParam,
  pushGrantsQuery,
  pushTasksResource,
  pushTemplateMappingBody,
  type PushGrant,
  type PushTemplate,
} from '@rx/contracts';
import { listRoute } from '../../lib/resource-routes.ts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { logChange } from '../../lib/operation-log.ts';
import { FieldProblems } from '../../lib/problems.ts';
import { ok } from '../../lib/request.ts';
import { queryRows } from '../../lib/rows.ts';
import { can, GAME, scopeOf, type AccessResource } from '../../lib/route-access.ts';
import type { Outside } from '../../lib/outside/index.ts';
import { templateFields, wechatSubscribe } from '../outside-parties/index.ts';
import { pushTemplates } from './tables.ts';
import { inGame, rowInGame } from '../../lib/scope.ts';

/**
 * Mini-game subscription (`/newrxlaunch/mini-game/subscription`): the templates synced from WeChat
 * with their field mapping, the grant ledger, and the game's report of what a player accepted. The
 * sends are push tasks of kind `mini_game` (send.ts takes a grant for each).
 */

/** The subscription page's permissions (the push tasks of kind `mini_game` are checked against them too). */
export const subscriptionAccess: AccessResource = {
  permissions: pushTasksResource.permissionsBy!.mini_game!,
  scope: 'product',
};

type TemplateRow = typeof pushTemplates.$inferSelect;
const toTemplate = (row: TemplateRow): PushTemplate => ({
  id: row.id,
  template_id: row.templateId,
  title: row.title,
  content: row.content,
  example: row.example,
  type: row.type,
  fields: row.fields,
  mapping: row.mapping,
  status: row.status,
  synced_at: row.syncedAt.toISOString(),
  version: row.version,
});

async function listTemplates(db: Db, scope: Scope): Promise<PushTemplate[]> {
  const rows = await db
    .select()
    .from(pushTemplates)
    .where(inGame(pushTemplates, scope))
    .orderBy(asc(pushTemplates.status), asc(pushTemplates.id));
  return rows.map(toTemplate);
}

/**
 * Reads the mini-game's templates from WeChat (the game's choice of real or fake) and keeps them:
 * new ones added, changed ones updated (their mapping kept for the fields still there), those gone
 * marked removed. Logged as one change per template touched.
 */
async function syncTemplates(db: Db, outside: Outside, scope: Scope) {
  const wechat = await outside.open(db, wechatSubscribe, scope.productId!);
  const fresh = await wechat.templates();
  return db.transaction(async (tx) => {
    const known = await tx.select().from(pushTemplates).where(inGame(pushTemplates, scope)).for('update');
    const byId = new Map(known.map((row) => [row.templateId, row]));
    const counts = { added: 0, updated: 0, removed: 0 };
    for (const template of fresh) {
      const fields = templateFields(template.content);
      const before = byId.get(template.id);
      const values = {
        title: template.title.slice(0, 200),
        content: template.content.slice(0, 2000),
        example: template.example.slice(0, 2000),
        type: template.type,
        fields,
        status: 'active' as const,
        syncedAt: new Date(),
      };
      if (!before) {
        const [row] = await tx
          .insert(pushTemplates)
          .values({
            cpId: scope.cpId,
            productId: scope.productId!,
            templateId: template.id,
            ...values,
            mapping: fields.map((key) => ({ key, value: '' })),
          })
          .returning();
        await logChange(tx, scope, {
          action: 'create',
          targetType: 'push_template',
          targetId: row!.id,
          targetName: row!.title,
          after: toTemplate(row!),
        });
        counts.added++;
        continue;
      }
      byId.delete(before.templateId);
      const mapping = fields.map((key) => before.mapping.find((m) => m.key === key) ?? { key, value: '' });
      const changed =
        before.status !== 'active' ||
        before.title !== values.title ||
        before.content !== values.content ||
        before.type !== values.type;
      const [row] = await tx
        .update(pushTemplates)
        .set({
          ...values,
          mapping,
          ...(changed ? { version: sql`${pushTemplates.version} + 1`, updatedAt: new Date() } : {}),
        })
        .where(eq(pushTemplates.id, before.id))
        .returning();
      if (changed) {
        await logChange(tx, scope, {
          action: 'update',
          targetType: 'push_template',
          targetId: row!.id,
          targetName: row!.title,
          before: toTemplate(before),
          after: toTemplate(row!),
        });
        counts.updated++;
      }
    }
    for (const gone of byId.values()) {
      if (gone.status === 'removed') continue;
      await tx
        .update(pushTemplates)
        .set({ status: 'removed', version: sql`${pushTemplates.version} + 1`, updatedAt: new Date() })
        .where(eq(pushTemplates.id, gone.id));
      await logChange(tx, scope, {
        action: 'update',
        targetType: 'push_template',
        targetId: gone.id,
        targetName: gone.title,
        before: { status: gone.status },
        after: { status: 'removed' },
      });
      counts.removed++;
    }
    return counts;
  });
}

/** A template's field mapping: only its own fields, at the version read (409001 otherwise). */
async function updateMapping(
  db: Db,
  scope: Scope,
  id: number,
  body: z.infer<typeof pushTemplateMappingBody>,
): Promise<PushTemplate> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(pushTemplates)
      .where(rowInGame(pushTemplates, scope, id))
      .for('update');
    if (!before) throw new ApiError(ErrorCode.NOT_FOUND);
    const problems = new FieldProblems(scope.lang);
    body.mapping.forEach((m, i) => {
      if (!before.fields.includes(m.key)) problems.add(`mapping.${i}.key`, 'invalid');
    });
    problems.throwIfAny();
    if (before.version !== body.version) throw new ApiError(ErrorCode.CONFLICT);
    const [row] = await tx
      .update(pushTemplates)
      .set({ mapping: body.mapping, version: before.version + 1, updatedAt: new Date() })
      .where(eq(pushTemplates.id, id))
      .returning();
    await logChange(tx, scope, {
      action: 'update',
      targetType: 'push_template',
      targetId: id,
      targetName: before.title,
      before: { mapping: before.mapping },
      after: { mapping: body.mapping },
    });
    return toTemplate(row!);
  });
}

/** The ledger, paged: per player and template, granted, used and remaining. */
async function listGrants(db: Db, scope: Scope, query: z.infer<typeof pushGrantsQuery>) {
  const where = sql`g.product_id = ${scope.productId!}::int${
    query.openid ? sql` and g.openid = ${query.openid}` : sql``
  }${query.template_id ? sql` and g.template_id = ${query.template_id}` : sql``}`;
  const [total] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from push_grants g where ${where}`,
  );
  const rows = await queryRows<{
    openid: string;
    template_id: string;
    granted: number;
    used: number;
    updated_at: Date | string;
  }>(
    db,
    sql`select g.openid, g.template_id, g.granted, g.used, g.updated_at from push_grants g where ${where}
      order by g.updated_at desc, g.openid, g.template_id
      limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
  );
  return {
    total: Number(total!.n),
    list: rows.map((r): PushGrant => ({
      openid: r.openid,
      template_id: r.template_id,
      granted: Number(r.granted),
      used: Number(r.used),
      remaining: Number(r.granted) - Number(r.used),
      updated_at: new Date(r.updated_at).toISOString(),
    })),
  };
}

/**
 * The game reports the templates a player accepted: one grant each, and the player's WeChat openid
 * registered as the mini-game's recipient (provider `wechat`, platform `mini_game`).
 */
export async function recordSubscriptions(
  db: Db,
  productId: number,
  body: z.infer<typeof gameSubscriptionBody>,
) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`insert into push_tokens (product_id, openid, platform, provider, token)
      values (${productId}::int, ${body.openid}, 'mini_game', 'wechat', ${body.wechat_openid ?? body.openid})
      on conflict (product_id, provider, token) do update set openid = excluded.openid,
        platform = excluded.platform, status = 'active', retired_reason = '', retired_at = null, updated_at = now()`);
    const rows = await queryRows<{ template_id: string; remaining: number }>(
      tx,
      sql`insert into push_grants (product_id, openid, template_id, granted)
        select ${productId}::int, ${body.openid}, t, 1
          from jsonb_array_elements_text(${JSON.stringify(body.template_ids)}::jsonb) as t
        on conflict (product_id, openid, template_id) do update
          set granted = push_grants.granted + 1, updated_at = now()
        returning template_id, granted - used as remaining`,
    );
    return { grants: rows.map((r) => ({ template_id: r.template_id, remaining: Number(r.remaining) })) };
  });
}

/** `/push-templates` (list, sync, mapping) and `/push-grants` (the ledger), under the subscription page's permissions. */
export function subscriptionRoutes(fastify: FastifyInstance, { db, outside }: { db: Db; outside: Outside }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['push'];
  app.get(
    '/push-templates',
    {
      schema: { tags, summary: "The mini-game's subscribe message templates, as last synced" },
      config: can(subscriptionAccess, 'read'),
    },
    async (request) => ok(await listTemplates(db, scopeOf(request))),
  );
  app.post(
    '/push-templates/sync',
    {
      schema: { tags, summary: "Sync the mini-game's templates from WeChat" },
      config: can(subscriptionAccess, 'update'),
    },
    async (request) => ok(await syncTemplates(db, outside, scopeOf(request))),
  );
  app.put(
    '/push-templates/:id',
    {
      schema: {
        tags,
        summary: "Set a template's field mapping",
        params: idParam,
        body: pushTemplateMappingBody,
      },
      config: can(subscriptionAccess, 'update'),
    },
    async (request) => ok(await updateMapping(db, scopeOf(request), request.params.id, request.body)),
  );
  listRoute(app, {
    name: 'push-grants',
    path: '/push-grants',
    tags,
    summary: 'The one-time subscription ledger: per player and template, granted, used, remaining',
    query: pushGrantsQuery,
    filters: ['openid', 'template_id'],
    sorts: ['updated_at'],
    config: can(subscriptionAccess, 'read'),
    list: (request, query) => listGrants(db, scopeOf(request), query),
  });
}

/** The game API: a player accepted subscribe message templates. */
export function subscriptionGameRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  fastify.withTypeProvider<ZodTypeProvider>().post(
    '/subscriptions',
    {
      schema: {
        tags: ['game-api'],
        summary: 'Report the subscribe message templates a player accepted (one send each)',
        body: gameSubscriptionBody,
      },
      config: GAME,
    },
    async (request) => ok(await recordSubscriptions(db, request.gameCaller!.productId, request.body)),
  );
}
