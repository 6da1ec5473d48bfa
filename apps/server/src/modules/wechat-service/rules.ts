import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  wechatLogQuery,
  wechatServiceRulesResource,
  type WechatLogItem,
  type WechatRule,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import {
  listRoute,
  resourceRoutes,
  resourceService,
  resourceTableRoutes,
  type ResourceImpl,
} from '../../lib/resource-routes.ts';
import type { ExportSpec } from '../../lib/table-io.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { queryRows, stamps } from '../../lib/rows.ts';
import { wechatServiceRules } from './tables.ts';

type Row = typeof wechatServiceRules.$inferSelect;
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function toItem(row: Row): WechatRule {
  return {
    id: row.id,
    name: row.name,
    trigger: row.trigger,
    keywords: row.keywords,
    messages: row.messages,
    priority: row.priority,
    enabled: row.enabled,
    ...stamps(row),
  };
}

const impl: ResourceImpl<typeof wechatServiceRulesResource, typeof wechatServiceRules, WechatRule, null> = {
  table: wechatServiceRules,
  toItem,
  nameOf: (row) => row.name,
  where: (f) => [
    f.q
      ? or(
          ilike(wechatServiceRules.name, likeText(f.q)),
          sql`${wechatServiceRules.keywords}::text ilike ${likeText(f.q)}`,
        )
      : undefined,
    f.trigger ? eq(wechatServiceRules.trigger, f.trigger) : undefined,
    f.enabled !== undefined ? eq(wechatServiceRules.enabled, f.enabled) : undefined,
  ],
  columns: (input) => ({
    name: input.name,
    trigger: input.trigger,
    keywords: input.keywords,
    messages: input.messages,
    priority: input.priority,
    enabled: input.enabled,
  }),
};

export const wechatRuleService = resourceService(wechatServiceRulesResource, impl);

type Filters = Parameters<typeof wechatRuleService.batch>[2];

/** The rules' export: one row per rule, its messages' types in order. */
const ruleExporter: ExportSpec<WechatRule, Filters, null> = {
  name: 'wechat-service-rules',
  headers: ['id', 'name', 'trigger', 'keywords', 'messages', 'priority', 'enabled', 'updated_at'],
  prepare: async () => null,
  toCells: (rule) => ({
    id: rule.id,
    name: rule.name,
    trigger: rule.trigger,
    keywords: rule.keywords.join(','),
    messages: rule.messages.map((m) => m.type).join(','),
    priority: rule.priority,
    enabled: rule.enabled ? 1 : 0,
    updated_at: rule.updated_at,
  }),
  batch: (db, scope, filters, afterId, limit) => wechatRuleService.batch(db, scope, filters, afterId, limit),
};

/** The log, newest first, paged: what was sent, what a window refused, what failed. */
async function listLog(db: Db, scope: Scope, query: z.infer<typeof wechatLogQuery>) {
  const where = sql`l.product_id = ${scope.productId!}::int${
    query.openid ? sql` and l.openid = ${query.openid}` : sql``
  }${query.outcome ? sql` and l.outcome = ${query.outcome}` : sql``}`;
  const [total] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from wechat_service_log l where ${where}`,
  );
  const rows = await queryRows<{
    id: number;
    openid: string;
    rule_id: number | null;
    rule_name: string;
    trigger: string;
    message_type: string;
    outcome: WechatLogItem['outcome'];
    reason: string;
    at: Date | string;
  }>(
    db,
    sql`select l.id, l.openid, l.rule_id, l.rule_name, l.trigger, l.message_type, l.outcome, l.reason, l.at
      from wechat_service_log l where ${where} order by l.id desc
      limit ${query.page_size} offset ${(query.page - 1) * query.page_size}`,
  );
  return {
    total: Number(total!.n),
    list: rows.map((r): WechatLogItem => ({
      ...r,
      id: Number(r.id),
      rule_id: r.rule_id === null ? null : Number(r.rule_id),
      at: new Date(r.at).toISOString(),
    })),
  };
}

/** `/wechat-service-rules` (the rules, with export) and `/wechat-service-log`. */
export async function wechatRuleRoutes(fastify: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  listRoute(app, {
    name: 'wechat-service-log',
    path: '/wechat-service-log',
    tags: ['wechat-service'],
    summary: 'What the auto push sent, what a WeChat window refused, what failed',
    query: wechatLogQuery,
    filters: ['openid', 'outcome'],
    sorts: ['id'],
    config: can(wechatServiceRulesResource, 'read'),
    list: (request, query) => listLog(db, scopeOf(request), query),
  });
  // The export first (without it `/wechat-service-rules/export` reads `export` as an id).
  resourceTableRoutes(fastify, db, wechatServiceRulesResource, { exporter: ruleExporter });
  resourceRoutes(fastify, db, wechatServiceRulesResource, wechatRuleService, impl);
}
