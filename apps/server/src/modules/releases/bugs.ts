import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  BUG_TRANSITIONS,
  FALLBACK_LANGUAGE,
  bugActionsOf,
  bugCommentBody,
  bugMoveBody,
  bugResolveBody,
  bugsResource,
  idParam,
  type Bug,
  type BugAction,
  type BugComment,
  type Language,
  type Translated,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema.ts';
import type { Scope } from '../../lib/access.ts';
import type { EventBus } from '../../lib/events.ts';
import { containsAny } from '../../lib/list.ts';
import { logChange } from '../../lib/operation-log.ts';
import { FieldProblems, inTransaction, ruleError } from '../../lib/problems.ts';
import { ok } from '../../lib/request.ts';
import {
  resourceRoutes,
  resourceService,
  rowReadRoute,
  type ResourceImpl,
} from '../../lib/resource-routes.ts';
import { can, scopeOf } from '../../lib/route-access.ts';
import { autoSheet } from '../../lib/sheet.ts';
import { rowInScope } from '../../lib/scope.ts';
import { findOr404, updateVersioned } from '../../lib/versioned.ts';
import { notify } from '../notifications/index.ts';
import { assignees } from '../tickets/index.ts';
import { nameOf as releaseName } from './releases.ts';
import { appReleases, bugComments, bugs } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

type Row = typeof bugs.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toBug(row: Row): Bug {
  return {
    id: row.id,
    title: row.title,
    severity: row.severity,
    priority: row.priority,
    steps: row.steps,
    assignee_id: row.assigneeId,
    found_release_id: row.foundReleaseId,
    fixed_release_id: row.fixedReleaseId,
    attachments: row.attachments,
    status: row.status,
    resolution: row.resolution ?? null,
    duplicate_of: row.duplicateOf,
    reopen_count: row.reopenCount,
    run_id: row.runId,
    plan_id: row.planId,
    // Filled in by `complete`.
    assignee: '',
    found_version: null,
    fixed_version: null,
    created_by: row.createdBy,
    resolved_at: iso(row.resolvedAt),
    closed_at: iso(row.closedAt),
    ...stamps(row),
  };
}

/** The assignee's name and the versions' names of each bug. */
async function complete(db: Db, items: Bug[]): Promise<Bug[]> {
  const userIds = [...new Set(items.flatMap((b) => (b.assignee_id ? [b.assignee_id] : [])))];
  const releaseIds = [
    ...new Set(items.flatMap((b) => [b.found_release_id, b.fixed_release_id].filter((id) => id !== null))),
  ];
  const names = new Map(
    userIds.length
      ? (
          await db
            .select({ id: users.id, username: users.username })
            .from(users)
            .where(inArray(users.id, userIds))
        ).map((u) => [u.id, u.username])
      : [],
  );
  const versions = new Map(
    releaseIds.length
      ? (await db.select().from(appReleases).where(inArray(appReleases.id, releaseIds))).map((r) => [
          r.id,
          releaseName(r),
        ])
      : [],
  );
  const ref = (id: number | null) => (id === null ? null : { id, name: versions.get(id) ?? `#${id}` });
  return items.map((b) => ({
    ...b,
    assignee: b.assignee_id ? (names.get(b.assignee_id) ?? '') : '',
    found_version: ref(b.found_release_id),
    fixed_version: ref(b.fixed_release_id),
  }));
}

const BUG_PAGE = bugsResource.page;

/** Checks that an assignee may see bugs and that the versions are the game's. */
async function checkRefs(
  db: Db,
  scope: Scope,
  input: { assignee_id?: number | null; found_release_id?: number | null; fixed_release_id?: number | null },
  problems: FieldProblems,
): Promise<void> {
  if (input.assignee_id) {
    const allowed = await assignees(db, scope.cpId, bugsResource.permissions.see);
    if (!allowed.some((u) => u.id === input.assignee_id)) problems.add('assignee_id', 'unknown_ref');
  }
  for (const field of ['found_release_id', 'fixed_release_id'] as const) {
    const id = input[field];
    if (!id) continue;
    const [found] = await db
      .select({ id: appReleases.id })
      .from(appReleases)
      .where(rowInScope(appReleases, scope, id));
    if (!found) problems.add(field, 'unknown_ref');
  }
}

export const bugImpl: ResourceImpl<typeof bugsResource, typeof bugs, Bug, null> = {
  table: bugs,
  toItem: toBug,
  complete,
  nameOf: (row) => `#${row.id} ${row.title}`,
  where: (f) => [
    containsAny(f.q, bugs.title, bugs.steps),
    f.status ? eq(bugs.status, f.status) : undefined,
    f.severity ? eq(bugs.severity, f.severity) : undefined,
    f.priority ? eq(bugs.priority, f.priority) : undefined,
    f.assignee_id ? eq(bugs.assigneeId, f.assignee_id) : undefined,
    f.found_release_id ? eq(bugs.foundReleaseId, f.found_release_id) : undefined,
  ],
  columns: (input) => ({
    title: input.title,
    severity: input.severity,
    priority: input.priority,
    steps: input.steps,
    assigneeId: input.assignee_id,
    foundReleaseId: input.found_release_id,
    fixedReleaseId: input.fixed_release_id,
    attachments: input.attachments,
  }),
  async check(db, scope, input) {
    const problems = new FieldProblems(scope.lang);
    await checkRefs(db, scope, input, problems);
    problems.throwIfAny();
  },
  sheet: autoSheet<Bug>(bugsResource),
};

const ASSIGNED: Translated = {
  zh: '缺陷 #{id} 已指派给你：{title}',
  en: 'Bug #{id} was assigned to you: {title}',
  ja: 'バグ #{id} があなたに割り当てられました：{title}',
  th: 'บั๊ก #{id} ได้รับมอบหมายให้คุณ: {title}',
  vi: 'Lỗi #{id} đã được giao cho bạn: {title}',
  tl: 'Itinalaga sa iyo ang bug #{id}: {title}',
  id: 'Bug #{id} ditugaskan kepada Anda: {title}',
  ar: 'تم إسناد الخلل رقم {id} إليك: {title}',
  tc: '缺陷 #{id} 已指派給你：{title}',
};
const REOPENED: Translated = {
  zh: '缺陷 #{id} 被重新打开：{title}',
  en: 'Bug #{id} was reopened: {title}',
  ja: 'バグ #{id} が再オープンされました：{title}',
  th: 'บั๊ก #{id} ถูกเปิดใหม่: {title}',
  vi: 'Lỗi #{id} đã được mở lại: {title}',
  tl: 'Muling binuksan ang bug #{id}: {title}',
  id: 'Bug #{id} dibuka kembali: {title}',
  ar: 'أُعيد فتح الخلل رقم {id}: {title}',
  tc: '缺陷 #{id} 被重新開啟：{title}',
};

/**
 * Tells a bug's assignee (in their language, in the header bell) what happened to it; the returned
 * function announces it once the caller's transaction has committed. Nobody is told of their own act.
 */
export async function tellAssignee(
  db: Db,
  events: EventBus,
  scope: Scope,
  row: Pick<Row, 'id' | 'title' | 'assigneeId' | 'cpId'>,
  text: 'assigned' | 'reopened',
): Promise<() => void> {
  if (!row.assigneeId || row.assigneeId === scope.userId) return () => {};
  const [user] = await db.select({ lang: users.defaultLang }).from(users).where(eq(users.id, row.assigneeId));
  const lang = (user?.lang ?? FALLBACK_LANGUAGE) as Language;
  const texts = text === 'assigned' ? ASSIGNED : REOPENED;
  return notify(db, events, [
    {
      cpId: row.cpId,
      userId: row.assigneeId,
      kind: 'work_order',
      title: (texts[lang] || texts[FALLBACK_LANGUAGE])
        .replace('{id}', String(row.id))
        .replace('{title}', row.title.slice(0, 100)),
      body: '',
      link: `${BUG_PAGE}?bug=${row.id}`,
    },
  ]);
}

/** Opens a bug inside the caller's transaction (a failed run's), logged; answers the row. */
export async function openBug(
  tx: Db,
  scope: Scope,
  values: Omit<typeof bugs.$inferInsert, 'cpId' | 'productId' | 'createdBy'>,
): Promise<Row> {
  const problems = new FieldProblems(scope.lang);
  await checkRefs(tx, scope, { assignee_id: values.assigneeId }, problems);
  problems.throwIfAny();
  const [row] = await tx
    .insert(bugs)
    .values({ ...values, cpId: scope.cpId, productId: scope.productId!, createdBy: scope.username })
    .returning();
  await logChange(tx, scope, {
    action: 'create',
    targetType: 'bug',
    targetId: row!.id,
    targetName: bugImpl.nameOf(row!),
    after: toBug(row!),
  });
  return row!;
}

const toComment = (row: typeof bugComments.$inferSelect): BugComment => ({
  id: row.id,
  body: row.body,
  kind: row.kind,
  created_by: row.createdBy,
  created_at: row.createdAt.toISOString(),
});

/**
 * `/bugs`: list, get, create, update (the assignee is told), export and import; `POST /bugs/:id/resolve`,
 * `/close`, `/reopen` (counted); the thread at `/bugs/:id/comments`; `GET /bugs/assignees`.
 */
export function bugRoutes(fastify: FastifyInstance, db: Db): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const events: EventBus = fastify.events;
  const tags = [bugsResource.name];
  const base = resourceService(bugsResource, bugImpl);
  const service: typeof base = {
    ...base,
    async create(db0, scope, input) {
      const item = await base.create(db0, scope, input);
      const [row] = await db0.select().from(bugs).where(eq(bugs.id, item.id));
      (await tellAssignee(db0, events, scope, row!, 'assigned'))();
      return item;
    },
    async update(db0, scope, id, input) {
      const before = await base.get(db0, scope, id);
      const item = await base.update(db0, scope, id, input);
      if (item.assignee_id && item.assignee_id !== before.assignee_id) {
        const [row] = await db0.select().from(bugs).where(eq(bugs.id, id));
        (await tellAssignee(db0, events, scope, row!, 'assigned'))();
      }
      return item;
    },
  };
  app.get(
    '/bugs/assignees',
    { schema: { tags, summary: 'Staff a bug may be assigned to' }, config: can(bugsResource, 'read') },
    async (request) => ok(await assignees(db, scopeOf(request).cpId, bugsResource.permissions.see)),
  );
  resourceRoutes(app, db, bugsResource, service, bugImpl);

  /** Moves a bug by `action` in one transaction: checked, versioned, logged, written to its thread. */
  const move = (
    scope: Scope,
    id: number,
    action: BugAction,
    body: { version: number; note: string },
    values: Partial<typeof bugs.$inferInsert>,
  ) =>
    inTransaction(db, scope.lang, async (tx) => {
      const before = await findOr404(tx, bugs, rowInScope(bugs, scope, id));
      const to = BUG_TRANSITIONS[before.status][action];
      if (!to)
        throw ruleError(scope.lang, 'not_in_this_state', {
          state: before.status,
          action,
          allowed: bugActionsOf(before.status),
        });
      const now = new Date();
      const row = await updateVersioned(tx, bugs, rowInScope(bugs, scope, id), body.version, {
        ...values,
        status: to,
        ...(to === 'resolved' ? { resolvedAt: now, closedAt: null } : {}),
        ...(to === 'closed' ? { closedAt: now } : {}),
        ...(action === 'reopen'
          ? {
              resolution: null,
              duplicateOf: null,
              resolvedAt: null,
              closedAt: null,
              reopenCount: before.reopenCount + 1,
            }
          : {}),
      });
      await tx
        .insert(bugComments)
        .values({ cpId: scope.cpId, bugId: id, kind: action, body: body.note, createdBy: scope.username });
      await logChange(tx, scope, {
        action,
        targetType: 'bug',
        targetId: id,
        targetName: bugImpl.nameOf(row),
        before: toBug(before),
        after: toBug(row),
      });
      const tell = action === 'reopen' ? await tellAssignee(tx, events, scope, row, 'reopened') : () => {};
      return { row, tell };
    });
  const answer = async (moved: { row: Row; tell: () => void }) => {
    moved.tell();
    return ok((await complete(db, [toBug(moved.row)]))[0]);
  };

  app.post(
    '/bugs/:id/resolve',
    {
      schema: {
        tags,
        summary: 'Resolve an active bug (fixed, duplicate, …)',
        params: idParam,
        body: bugResolveBody,
      },
      config: can(bugsResource, 'update'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const { resolution, duplicate_of, fixed_release_id } = request.body;
      const problems = new FieldProblems(scope.lang);
      if (resolution === 'duplicate' && duplicate_of !== null) {
        const [other] = await db
          .select({ id: bugs.id })
          .from(bugs)
          .where(rowInScope(bugs, scope, duplicate_of));
        if (!other || duplicate_of === request.params.id) problems.add('duplicate_of', 'unknown_ref');
      }
      if (fixed_release_id) await checkRefs(db, scope, { fixed_release_id }, problems);
      problems.throwIfAny();
      const moved = await move(scope, request.params.id, 'resolve', request.body, {
        resolution,
        duplicateOf: resolution === 'duplicate' ? duplicate_of : null,
        ...(fixed_release_id !== undefined ? { fixedReleaseId: fixed_release_id } : {}),
      });
      return answer(moved);
    },
  );
  for (const action of ['close', 'reopen'] as const) {
    app.post(
      `/bugs/:id/${action}`,
      {
        schema: {
          tags,
          summary: action === 'close' ? 'Close a resolved bug' : 'Reopen a resolved or closed bug (counted)',
          params: idParam,
          body: bugMoveBody,
        },
        config: can(bugsResource, 'update'),
      },
      async (request) => {
        const scope = scopeOf(request);
        return answer(await move(scope, request.params.id, action, request.body, {}));
      },
    );
  }

  rowReadRoute(app, db, {
    path: '/bugs/:id/comments',
    tags,
    summary: "A bug's thread: comments and moves, oldest first",
    resource: bugsResource,
    table: bugs,
    read: async (bug, scope) => {
      const rows = await db
        .select()
        .from(bugComments)
        .where(and(eq(bugComments.bugId, bug.id), eq(bugComments.cpId, scope.cpId)))
        .orderBy(asc(bugComments.id))
        .limit(500);
      return { list: rows.map(toComment), total: rows.length };
    },
  });
  app.post(
    '/bugs/:id/comments',
    {
      schema: { tags, summary: 'Comment on a bug', params: idParam, body: bugCommentBody },
      config: can(bugsResource, 'update'),
    },
    async (request) => {
      const scope = scopeOf(request);
      const comment = await inTransaction(db, scope.lang, async (tx) => {
        const row = await findOr404(tx, bugs, rowInScope(bugs, scope, request.params.id));
        const [added] = await tx
          .insert(bugComments)
          .values({
            cpId: scope.cpId,
            bugId: row.id,
            kind: 'comment',
            body: request.body.body,
            createdBy: scope.username,
          })
          .returning();
        await logChange(tx, scope, {
          action: 'update',
          targetType: 'bug',
          targetId: row.id,
          targetName: bugImpl.nameOf(row),
          after: { comment: request.body.body },
        });
        return added!;
      });
      return ok(toComment(comment));
    },
  );
}
