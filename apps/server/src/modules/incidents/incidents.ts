import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import {
  idParam,
  incidentMoveAllowed,
  incidentTimelineAnswer,
  incidentUpdatePost,
  incidentsResource,
  INCIDENT_SEVERITIES,
  INCIDENT_STATES,
  type Incident,
  type IncidentState,
  type IncidentTimelineEntry,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { products } from '../../db/schema.ts';
import type { Scope } from '../../lib/access.ts';
import type { EventBus } from '../../lib/events.ts';
import { staffHolding } from '../../lib/grants.ts';
import { logChange } from '../../lib/operation-log.ts';
import { FieldProblems, fieldError, inTransaction } from '../../lib/problems.ts';
import { ok } from '../../lib/request.ts';
import { resourceRoutes, resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { rowInScope } from '../../lib/scope.ts';
import { autoSheet } from '../../lib/sheet.ts';
import { findOr404, updateVersioned } from '../../lib/versioned.ts';
import { announcements } from '../announcements/index.ts';
import { notify } from '../notifications/index.ts';
import { incidentUpdates, incidents } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

type Row = typeof incidents.$inferSelect;

/** `%…%` with the LIKE wildcards of the text taken literally. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function toItem(row: Row): Incident {
  return {
    id: row.id,
    title: row.title,
    severity: row.severity,
    product_ids: row.productIds,
    regions: row.regions,
    summary: row.summary,
    postmortem: row.postmortem,
    announcement_id: row.announcementId,
    started_at: row.startedAt.toISOString(),
    status: row.status,
    resolved_at: row.resolvedAt?.toISOString() ?? null,
    created_by: row.createdBy,
    ...stamps(row),
  };
}

const auto = autoSheet<Incident>(incidentsResource);

const impl: ResourceImpl<typeof incidentsResource, typeof incidents, Incident, null> = {
  table: incidents,
  toItem,
  nameOf: (row) => row.title,
  where: (f) => [
    f.q ? or(ilike(incidents.title, likeText(f.q)), ilike(incidents.summary, likeText(f.q))) : undefined,
    f.severity ? eq(incidents.severity, f.severity) : undefined,
    f.status ? eq(incidents.status, f.status) : undefined,
    f.product_id ? sql`${incidents.productIds} @> ${JSON.stringify([f.product_id])}::jsonb` : undefined,
  ],
  sortBy: {
    id: incidents.id,
    started_at: incidents.startedAt,
    // sev1 is the most severe: the order of the list, not of the words.
    severity: sql`array_position(array[${sql.join(
      INCIDENT_SEVERITIES.map((s) => sql`${s}`),
      sql`, `,
    )}]::text[], ${incidents.severity})`,
    status: sql`array_position(array[${sql.join(
      INCIDENT_STATES.map((s) => sql`${s}`),
      sql`, `,
    )}]::text[], ${incidents.status})`,
    updated_at: incidents.updatedAt,
  },
  columns: (input) => ({
    title: input.title,
    severity: input.severity,
    productIds: input.product_ids,
    regions: input.regions,
    summary: input.summary,
    postmortem: input.postmortem,
    announcementId: input.announcement_id,
    startedAt: input.started_at === undefined ? undefined : new Date(input.started_at),
  }),
  // The games must be the CP's; the announcement one of those games'.
  async check(db, scope, input, before) {
    const problems = new FieldProblems(scope.lang);
    const productIds = input.product_ids ?? before?.productIds ?? [];
    if (input.product_ids) {
      const found = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.cpId, scope.cpId), inArray(products.id, input.product_ids)));
      if (found.length !== input.product_ids.length) problems.add('product_ids', 'unknown_ref');
    }
    const announcementId =
      input.announcement_id !== undefined ? input.announcement_id : before?.announcementId;
    if (announcementId != null && (input.announcement_id !== undefined || input.product_ids)) {
      const [found] = await db
        .select({ id: announcements.id })
        .from(announcements)
        .where(
          and(
            eq(announcements.id, announcementId),
            eq(announcements.cpId, scope.cpId),
            productIds.length > 0 ? inArray(announcements.productId, productIds) : sql`false`,
          ),
        );
      if (!found) problems.add('announcement_id', 'unknown_ref');
    }
    problems.throwIfAny();
  },
  sheet: {
    ...auto,
    // Game ids are numbers in the sheet's `|` list.
    fromCells(cells) {
      const body = auto.fromCells(cells) as Record<string, unknown>;
      if (Array.isArray(body.product_ids)) body.product_ids = body.product_ids.map((id) => Number(id));
      return body;
    },
  },
};

const base = resourceService(incidentsResource, impl);

/** The CP's staff who manage incidents (its admins and those who may edit them). */
const managersOf = (db: Db, cpId: number) => staffHolding(db, cpId, incidentsResource.permissions.edit);

/** The notification's title in the recipient's language: what moved, and where. */
const TITLES: Record<string, (title: string, state: string) => string> = {
  zh: (n, s) => `事故「${n}」：${s}`,
  en: (n, s) => `Incident "${n}": ${s}`,
  ja: (n, s) => `インシデント「${n}」：${s}`,
  th: (n, s) => `เหตุขัดข้อง "${n}": ${s}`,
  vi: (n, s) => `Sự cố "${n}": ${s}`,
  tl: (n, s) => `Insidente "${n}": ${s}`,
  id: (n, s) => `Insiden "${n}": ${s}`,
  ar: (n, s) => `الحادث "${n}": ${s}`,
  tc: (n, s) => `事故「${n}」：${s}`,
};
const STATE_WORDS: Record<string, Record<IncidentState, string>> = {
  zh: { investigating: '调查中', identified: '已定位', monitoring: '观察中', resolved: '已解决' },
  en: {
    investigating: 'investigating',
    identified: 'identified',
    monitoring: 'monitoring',
    resolved: 'resolved',
  },
  ja: { investigating: '調査中', identified: '特定済み', monitoring: '監視中', resolved: '解決済み' },
  th: {
    investigating: 'กำลังตรวจสอบ',
    identified: 'ระบุสาเหตุแล้ว',
    monitoring: 'กำลังติดตาม',
    resolved: 'แก้ไขแล้ว',
  },
  vi: {
    investigating: 'đang điều tra',
    identified: 'đã xác định',
    monitoring: 'đang theo dõi',
    resolved: 'đã khắc phục',
  },
  tl: { investigating: 'sinisiyasat', identified: 'natukoy', monitoring: 'binabantayan', resolved: 'naayos' },
  id: {
    investigating: 'diselidiki',
    identified: 'teridentifikasi',
    monitoring: 'dipantau',
    resolved: 'selesai',
  },
  ar: {
    investigating: 'قيد التحقيق',
    identified: 'تم التحديد',
    monitoring: 'قيد المراقبة',
    resolved: 'تم الحل',
  },
  tc: { investigating: '調查中', identified: '已定位', monitoring: '觀察中', resolved: '已解決' },
};

/** Tells the incident managers of its CP (inside the write's transaction; announce after commit). */
async function tellManagers(tx: Db, events: EventBus, row: Row, message: string) {
  const managers = await managersOf(tx, row.cpId);
  return notify(
    tx,
    events,
    managers.map((m) => ({
      cpId: row.cpId,
      userId: m.id,
      kind: 'system' as const,
      title: (TITLES[m.lang] ?? TITLES.zh!)(row.title, (STATE_WORDS[m.lang] ?? STATE_WORDS.zh!)[row.status]),
      body: message,
      link: `/offline/accidents?q=${encodeURIComponent(row.title.slice(0, 60))}`,
    })),
  );
}

function entryOf(row: typeof incidentUpdates.$inferSelect): IncidentTimelineEntry {
  return { id: row.id, status: row.status, message: row.message, by: row.byName, at: row.at.toISOString() };
}

/** The incidents service: opening one also starts its timeline and tells its managers. */
export function incidentService(events: EventBus) {
  return {
    ...base,
    async create(db: Db, scope: Scope, input: Parameters<typeof base.create>[2]) {
      let announce = () => {};
      const item = await db.transaction(async (tx) => {
        const created = await base.create(tx, scope, input);
        const [row] = await tx
          .update(incidents)
          .set({ createdBy: scope.username })
          .where(eq(incidents.id, created.id))
          .returning();
        await tx.insert(incidentUpdates).values({
          incidentId: created.id,
          status: 'investigating',
          message: input.summary || input.title,
          byName: scope.username,
        });
        announce = await tellManagers(tx, events, row!, input.summary || input.title);
        return toItem(row!);
      });
      announce();
      return item;
    },
  };
}

/** Adds a timeline entry: the state moves forward (or stays), resolved stamps its time. */
async function postUpdate(
  db: Db,
  events: EventBus,
  scope: Scope,
  id: number,
  body: { status: IncidentState; message: string; version: number },
) {
  let announce = () => {};
  const result = await inTransaction(db, scope.lang, async (tx) => {
    const target = rowInScope(incidents, scope, id);
    const before = await findOr404(tx, incidents, target);
    if (!incidentMoveAllowed(before.status, body.status))
      throw fieldError(scope.lang, 'status', 'incident_state_back');
    const row = await updateVersioned(tx, incidents, target, body.version, {
      status: body.status,
      ...(body.status === 'resolved' && !before.resolvedAt ? { resolvedAt: new Date() } : {}),
    });
    const [entry] = await tx
      .insert(incidentUpdates)
      .values({ incidentId: id, status: body.status, message: body.message, byName: scope.username })
      .returning();
    await logChange(tx, scope, {
      action: 'update',
      targetType: 'incident',
      targetId: id,
      targetName: row.title,
      before: { status: before.status },
      after: { status: row.status, message: body.message },
    });
    announce = await tellManagers(tx, events, row, body.message);
    return { item: toItem(row), entry: entryOf(entry!) };
  });
  announce();
  return result;
}

/** `/incidents`: list, create, edit, delete, export, import; `/:id/updates`: the timeline. */
export async function incidentRoutes(
  fastify: FastifyInstance,
  { db, events }: { db: Db; events: EventBus },
): Promise<void> {
  const service = incidentService(events);
  resourceRoutes(fastify, db, incidentsResource, service, impl);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/incidents/:id/updates',
    {
      schema: {
        tags: ['incidents'],
        summary: "An incident's timeline, oldest first",
        params: idParam,
      },
      config: can(incidentsResource, 'read'),
    },
    async (request) => {
      const scope = scopeOf(request);
      await findOr404(db, incidents, rowInScope(incidents, scope, request.params.id));
      const rows = await db
        .select()
        .from(incidentUpdates)
        .where(eq(incidentUpdates.incidentId, request.params.id))
        .orderBy(asc(incidentUpdates.at), asc(incidentUpdates.id));
      return ok(incidentTimelineAnswer.parse({ list: rows.map(entryOf) }));
    },
  );
  app.post(
    '/incidents/:id/updates',
    {
      schema: {
        tags: ['incidents'],
        summary: 'Adds a timeline update, moving the state forward or keeping it',
        params: idParam,
        body: incidentUpdatePost,
      },
      config: can(incidentsResource, 'update'),
    },
    async (request) => ok(await postUpdate(db, events, scopeOf(request), request.params.id, request.body)),
  );
}
