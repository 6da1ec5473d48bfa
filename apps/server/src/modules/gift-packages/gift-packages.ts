import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  giftCloneBody,
  giftResource,
  idParam,
  type GiftPackage,
  type I18nText,
  type giftCreateBody,
  type giftUsedByAnswer,
  textFor,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { contains } from '../../lib/list.ts';
import { logChange } from '../../lib/operation-log.ts';
import { FieldProblems, inTransaction } from '../../lib/problems.ts';
import { ok } from '../../lib/request.ts';
import { resourceRoutes, resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { checkReferences, liveReferences, referringRows } from '../../lib/references.ts';
import { rowInScope } from '../../lib/scope.ts';
import { findOr404 } from '../../lib/versioned.ts';
import { props } from '../props/tables.ts';
import { giftSheet, type PropCodes } from './io.ts';
import { giftPackages } from './tables.ts';
import { containsProp, referToProps } from './usage.ts';
import { stamps } from '../../lib/rows.ts';

type Row = typeof giftPackages.$inferSelect;
type GiftInput = z.output<typeof giftCreateBody>;

export function toGift(row: Row): GiftPackage {
  return {
    id: row.id,
    product_id: row.productId,
    name: row.name,
    contents: row.contents,
    icon_url: row.iconUrl,
    valid_from: row.validFrom?.toISOString() ?? null,
    valid_to: row.validTo?.toISOString() ?? null,
    per_player_limit: row.perPlayerLimit,
    usable_in: row.usableIn,
    status: row.status,
    ...stamps(row),
  };
}

/**
 * Contents name props of the same product; a prop added now must be active (one already in the
 * gift may stay after it was disabled). The window must end after it starts, across partial edits.
 */
async function check(db: Db, scope: Scope, next: Partial<GiftInput>, beforeRow?: Row): Promise<void> {
  const before = beforeRow && toGift(beforeRow);
  const problems = new FieldProblems(scope.lang);
  if (next.contents) {
    const refs = next.contents.map((c, i) => ({ field: `contents.${i}.prop_id`, id: c.prop_id }));
    await checkReferences(db, scope, problems, props, refs, {
      usable: (row: { status: string }) => row.status === 'active',
      kept: before?.contents.map((c) => c.prop_id),
    });
  }
  const from = next.valid_from !== undefined ? next.valid_from : before?.valid_from;
  const to = next.valid_to !== undefined ? next.valid_to : before?.valid_to;
  if (from && to && Date.parse(to) <= Date.parse(from)) problems.add('valid_to', 'end_before_start');
  problems.throwIfAny();
}

/** Absent stays absent (a partial update); null opens that end of the window. */
const time = (value: string | null | undefined): Date | null | undefined =>
  value === undefined || value === null ? value : new Date(value);

/** Billing points naming the gift as reward or first-purchase bonus (old versions too). */

const impl: ResourceImpl<typeof giftResource, typeof giftPackages, GiftPackage, PropCodes> = {
  table: giftPackages,
  toItem: toGift,
  nameOf: (row) => textFor(row.name),
  where: (f) => [
    f.q
      ? sql`exists (select 1 from jsonb_each_text(${giftPackages.name}) as n where ${contains(sql`n.value`, f.q)})`
      : undefined,
    f.status ? eq(giftPackages.status, f.status) : undefined,
    f.usable_in ? sql`${giftPackages.usableIn} @> ${JSON.stringify([f.usable_in])}::jsonb` : undefined,
    f.prop_id ? containsProp(f.prop_id) : undefined,
  ],
  sortBy: {
    id: giftPackages.id,
    name: sql`${giftPackages.name}->>'zh'`,
    status: giftPackages.status,
    valid_from: giftPackages.validFrom,
    valid_to: giftPackages.validTo,
    created_at: giftPackages.createdAt,
    updated_at: giftPackages.updatedAt,
  },
  columns: (input) => ({
    name: input.name,
    contents: input.contents,
    iconUrl: input.icon_url,
    validFrom: time(input.valid_from),
    validTo: time(input.valid_to),
    perPlayerLimit: input.per_player_limit,
    usableIn: input.usable_in,
    status: input.status,
  }),
  check,
  // A gift a live row of another module hands out (a billing point, a code batch, a mail…) is
  // disabled, never deleted.
  usage: (db, scope, row) => liveReferences(db, scope, giftResource.logTarget, row.id),
  disable: { isDisabled: (row) => row.status === 'disabled', set: { status: 'disabled' } },
  sheet: giftSheet,
};

export const giftService = resourceService(giftResource, impl);

/** A copy with a new id (renamed when a name is given), logged as a clone; its props must still be active. */
function cloneGift(db: Db, scope: Scope, id: number, name?: I18nText): Promise<GiftPackage> {
  return inTransaction(db, scope.lang, async (tx) => {
    const source = toGift(await findOr404(tx, giftPackages, rowInScope(giftPackages, scope, id)));
    const input: GiftInput = { ...source, name: name ?? source.name };
    await check(tx, scope, input);
    const [row] = await tx
      .insert(giftPackages)
      .values({
        ...impl.columns(input),
        cpId: scope.cpId,
        productId: scope.productId!,
      } as typeof giftPackages.$inferInsert)
      .returning();
    const item = toGift(row!);
    await logChange(tx, scope, {
      action: 'clone',
      targetType: giftResource.logTarget,
      targetId: row!.id,
      targetName: textFor(row!.name),
      after: { ...item, cloned_from: id },
    });
    return item;
  });
}

/** What refers to the gift: billing points (as reward or first-purchase bonus, old versions included), code batches, mails… */
async function giftUsedBy(db: Db, scope: Scope, id: number): Promise<z.infer<typeof giftUsedByAnswer>> {
  await findOr404(db, giftPackages, rowInScope(giftPackages, scope, id));
  const rows = await referringRows(db, scope, giftResource.logTarget, id);
  return rows.map((r) => ({ type: r.type, id: r.id, name: r.name, status: r.status }));
}

/** `/gift-packages` of the product in `X-Product-Id`: the reward unit other modules hand out. */
export async function giftRoutes(fastify: FastifyInstance, options: { db: Db }): Promise<void> {
  const { db } = options;
  referToProps();
  resourceRoutes(fastify, db, giftResource, giftService, impl);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = [giftResource.name];
  app.get(
    '/gift-packages/:id/used-by',
    {
      schema: { tags, summary: 'What refers to the gift package (billing points)', params: idParam },
      config: can(giftResource, 'read'),
    },
    async (request) => ok(await giftUsedBy(db, scopeOf(request), request.params.id)),
  );
  app.post(
    '/gift-packages/:id/clone',
    {
      schema: {
        tags,
        summary: 'Copy a gift package, optionally renamed',
        params: idParam,
        body: giftCloneBody,
      },
      config: can(giftResource, 'create'),
    },
    async (request) => ok(await cloneGift(db, scopeOf(request), request.params.id, request.body?.name)),
  );
}
