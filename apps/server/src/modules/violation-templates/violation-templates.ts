import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, count, eq, sql } from 'drizzle-orm';
import {
  ErrorCode,
  idParam,
  violationApplyBody,
  violationTemplatesResource,
  type LadderStep,
  type ViolationApplied,
  type ViolationTemplate,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { contains } from '../../lib/list.ts';
import { fieldError, isUniqueViolation, ruleError } from '../../lib/problems.ts';
import { queryRows, stamps } from '../../lib/rows.ts';
import { ok } from '../../lib/request.ts';
import { resourceRoutes, resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import {
  deliverSanction,
  insertSanction,
  playerOf,
  scheduleSanctionEnd,
  toItem as sanctionItem,
  type SanctionRow,
} from '../sanctions/index.ts';
import { violationOffences, violationTemplates } from './tables.ts';
import { rowInGame } from '../../lib/scope.ts';

type Row = typeof violationTemplates.$inferSelect;
const resource = violationTemplatesResource;

const impl: ResourceImpl<typeof resource, typeof violationTemplates, ViolationTemplate, null> = {
  table: violationTemplates,
  toItem: (row: Row): ViolationTemplate => ({
    id: row.id,
    product_id: row.productId,
    code: row.code,
    name: row.name,
    category: row.category as ViolationTemplate['category'],
    ladder: row.ladder,
    message: row.message,
    appealable: row.appealable,
    status: row.status,
    ...stamps(row),
  }),
  nameOf: (row) => `${row.code} ${row.name}`,
  where: (f) => [
    f.q
      ? contains(
          sql`lower(${violationTemplates.code} || ' ' || ${violationTemplates.name})`,
          f.q.toLowerCase(),
        )
      : undefined,
    f.category ? eq(violationTemplates.category, f.category) : undefined,
    f.status ? eq(violationTemplates.status, f.status) : undefined,
  ],
  columns: (input, before) => ({
    code: input.code,
    name: input.name,
    category: input.category,
    ladder: input.ladder,
    message: input.message ? ({ ...(before?.message ?? {}), ...input.message } as Row['message']) : undefined,
    appealable: input.appealable,
    status: input.status,
  }),
  // Offences are counted per template: the code names it in reports and appeals.
  immutable: ['code'],
  unique: { violation_templates_product_code: 'code' },
  // A template that was applied keeps its offences: it is disabled, never deleted.
  usage: async (db, _scope, row) => {
    const [used] = await db
      .select({ n: count() })
      .from(violationOffences)
      .where(eq(violationOffences.templateId, row.id));
    return used && used.n > 0 ? [{ type: 'sanctions', count: used.n }] : [];
  },
  disable: { isDisabled: (row) => row.status === 'disabled', set: { status: 'disabled' } },
};

export const violationTemplateService = resourceService(resource, impl);

/** The rung of the n-th offence (1-based): past the last rung, the last one again. */
export function stepFor(ladder: LadderStep[], offence: number): LadderStep {
  return ladder[Math.min(offence, ladder.length) - 1]!;
}

const KIND_OF = { mute: 'mute', feature: 'feature', account: 'account', device: 'device' } as const;

/**
 * Applies a template to a player: counts their earlier offences under it and applies the matching
 * rung (a warning records the offence only). One transaction; two applications at once cannot both
 * take the same offence number (unique per player, template and number).
 */
async function applyTemplate(
  db: Db,
  scope: ProductScope,
  templateId: number,
  body: { openid: string; device_id?: string; note: string },
): Promise<{ offence: number; step: LadderStep; sanction: SanctionRow | null }> {
  try {
    return await db.transaction(async (tx) => {
      const [template] = await tx
        .select()
        .from(violationTemplates)
        .where(rowInGame(violationTemplates, scope, templateId));
      if (!template) throw new ApiError(ErrorCode.NOT_FOUND);
      if (template.status !== 'active') throw ruleError(scope.lang, 'not_in_this_state');
      const player = await playerOf(tx, scope.productId, body.openid);
      if (!player) throw fieldError(scope.lang, 'openid', 'unknown_ref');
      const [earlier] = await tx
        .select({ n: count() })
        .from(violationOffences)
        .where(and(eq(violationOffences.templateId, templateId), eq(violationOffences.playerId, player.id)));
      const offence = (earlier?.n ?? 0) + 1;
      const step = stepFor(template.ladder, offence);
      let sanction: SanctionRow | null = null;
      if (step.action !== 'warn') {
        let deviceId = body.device_id;
        if (step.action === 'device') {
          const devices = await queryRows<{ device_id: string }>(
            tx,
            sql`select device_id from player_devices where player_id = ${player.id}
              ${deviceId ? sql`and device_id = ${deviceId}` : sql``}
              order by last_seen desc limit 1`,
          );
          if (!devices[0]) throw fieldError(scope.lang, 'device_id', 'unknown_ref');
          deviceId = devices[0].device_id;
        }
        const reason = `${template.code} #${offence}: ${template.name}${body.note ? ` — ${body.note}` : ''}`;
        sanction = await insertSanction(
          tx,
          scope,
          { id: player.id, openid: body.openid },
          {
            kind: KIND_OF[step.action],
            feature: step.action === 'feature' ? step.feature : undefined,
            deviceId: step.action === 'device' ? deviceId : undefined,
            endsAt:
              step.duration_minutes === null ? null : new Date(Date.now() + step.duration_minutes * 60_000),
            reason: reason.slice(0, 500),
          },
        );
      }
      await tx.insert(violationOffences).values({
        cpId: scope.cpId,
        productId: scope.productId,
        templateId,
        playerId: player.id,
        openid: body.openid,
        offence,
        action: step.action,
        sanctionId: sanction?.id ?? null,
        note: body.note,
        createdById: scope.userId,
        createdByName: scope.username,
      });
      return { offence, step, sanction };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'violation_offences_player_template'))
      throw new ApiError(ErrorCode.CONFLICT);
    throw error;
  }
}

/** `/violation-templates`: the product's templates, and applying one to a player. */
export async function violationTemplateRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;
  resourceRoutes(fastify, db, resource, violationTemplateService, impl);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    `/${resource.name}/:id/apply`,
    {
      schema: {
        tags: [resource.name],
        summary:
          "Apply a template to a player: their offence count under it picks the ladder's rung, applied as a sanction",
        params: idParam,
        body: violationApplyBody,
      },
      config: can(resource, 'update'),
    },
    async (request) =>
      ok(
        await applyTemplateToPlayer(
          fastify,
          db,
          scopeOf(request) as ProductScope,
          request.params.id,
          request.body,
        ),
      ),
  );
}

/**
 * Applies a template to a player and carries the resulting sanction out: its end is scheduled and
 * it is delivered (kick, token revocation). What other modules call (violations, anti-cheat flags)
 * when staff act on a player through a template. Must not run inside a transaction.
 */
export async function applyTemplateToPlayer(
  fastify: FastifyInstance,
  db: Db,
  scope: ProductScope,
  templateId: number,
  body: { openid: string; device_id?: string; note: string },
): Promise<ViolationApplied> {
  const applied = await applyTemplate(db, scope, templateId, body);
  let sanction = applied.sanction;
  if (sanction) {
    await scheduleSanctionEnd(fastify.jobs, sanction);
    sanction = await deliverSanction(fastify, db, sanction, scope);
  }
  return { offence: applied.offence, step: applied.step, sanction: sanction ? sanctionItem(sanction) : null };
}
