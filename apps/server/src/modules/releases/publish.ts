import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  ErrorCode,
  ROLLOUT_BUCKETS,
  type AppPlatform,
  type PublishAction,
  type PublishedRelease,
  type ReleasePublishItem,
  type ReleaseStatus,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { ProductScope, Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { EventBus } from '../../lib/events.ts';
import { logChange } from '../../lib/operation-log.ts';
import { FieldProblems, ruleError } from '../../lib/problems.ts';
import { inScope } from '../../lib/scope.ts';
import { registerApprovalAction, submitChange } from '../approvals/index.ts';
import { checkedFields, nameOf, toItem } from './releases.ts';
import { appReleasePublishes, appReleases } from './tables.ts';
import { publishedFields } from './version-fields.ts';

type Row = typeof appReleases.$inferSelect;
type PublishRow = typeof appReleasePublishes.$inferSelect;

/**
 * The rollout bucket (0–9,999) of a device for a version: the first four bytes of
 * SHA-256("<release id>:<device id>") modulo 10,000. The same device always falls in the same
 * bucket of a version, so raising the percentage only adds devices and a halt then a resume brings
 * back exactly the devices that were in; another version shuffles them anew.
 */
export function rolloutBucket(releaseId: number, deviceId: string): number {
  return createHash('sha256').update(`${releaseId}:${deviceId}`).digest().readUInt32BE(0) % ROLLOUT_BUCKETS;
}

/** Whether a device is in a rollout of `percent` % of a version. */
export function inRollout(releaseId: number, deviceId: string, percent: number): boolean {
  if (percent >= 100) return true;
  if (!deviceId) return false;
  return rolloutBucket(releaseId, deviceId) < percent * (ROLLOUT_BUCKETS / 100);
}

/** What a publish copies of its version: everything the game's version check reads. */
export function snapshotOf(row: Row, fields: Record<string, unknown> = {}): PublishedRelease {
  return {
    fields,
    release_id: row.id,
    ...checkedFields(row),
  };
}

export function toPublish(row: PublishRow, liveNumber: number | null): ReleasePublishItem {
  return {
    id: row.id,
    platform: row.platform,
    channel: row.channel,
    number: row.number,
    action: row.action,
    release_id: row.releaseId,
    version_name: row.snapshot.version_name,
    version_code: row.snapshot.version_code,
    percent: row.percent,
    halted: row.halted,
    rollback_of: row.rollbackOf,
    note: row.note,
    live: row.number === liveNumber,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    snapshot: row.snapshot,
  };
}

/** The newest publish of a product's platform and channel: what games get. */
export async function livePublish(
  db: Db,
  productId: number,
  platform: AppPlatform,
  channel: string,
): Promise<PublishRow | undefined> {
  const [row] = await db
    .select()
    .from(appReleasePublishes)
    .where(
      and(
        eq(appReleasePublishes.productId, productId),
        eq(appReleasePublishes.platform, platform),
        eq(appReleasePublishes.channel, channel),
      ),
    )
    .orderBy(desc(appReleasePublishes.number))
    .limit(1);
  return row;
}

/** The status a version has while live with this publish. */
const liveStatus = (percent: number, halted: boolean): ReleaseStatus =>
  halted ? 'halted' : percent >= 100 ? 'released' : 'rolling_out';

async function lockTarget(tx: Db, productId: number, platform: string, channel: string): Promise<void> {
  // One writer at a time per platform and channel numbers its publishes.
  await tx.execute(
    sql`select pg_advisory_xact_lock(727129, hashtext(${`${productId}:${platform}:${channel}`}))`,
  );
}

async function lockRelease(tx: Db, scope: ProductScope, id: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(appReleases)
    .where(and(inScope(appReleases, scope), eq(appReleases.id, id)));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  await lockTarget(tx, scope.productId, row.platform, row.channel);
  const [locked] = await tx.select().from(appReleases).where(eq(appReleases.id, id)).for('update');
  return locked!;
}

interface Append {
  action: PublishAction;
  release: Row;
  snapshot: PublishedRelease;
  percent: number;
  halted: boolean;
  rollbackOf: number | null;
  note: string;
}

/**
 * Appends a publish to the release's platform and channel (numbered after the live one), moves the
 * version it makes live to its live status and rollout, marks the version it replaced superseded,
 * and logs it on the version.
 */
async function append(tx: Db, scope: ProductScope, live: PublishRow | undefined, a: Append) {
  const number = (live?.number ?? 0) + 1;
  const [row] = await tx
    .insert(appReleasePublishes)
    .values({
      cpId: scope.cpId,
      productId: scope.productId,
      platform: a.release.platform,
      channel: a.release.channel,
      number,
      action: a.action,
      releaseId: a.release.id,
      snapshot: a.snapshot,
      percent: a.percent,
      halted: a.halted,
      rollbackOf: a.rollbackOf,
      note: a.note,
      createdBy: scope.username,
    })
    .returning();
  // The version that was live until now (another one) is superseded.
  await tx
    .update(appReleases)
    .set({ status: 'superseded', version: sql`${appReleases.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        inScope(appReleases, scope),
        eq(appReleases.platform, a.release.platform),
        eq(appReleases.channel, a.release.channel),
        ne(appReleases.id, a.release.id),
        inArray(appReleases.status, ['rolling_out', 'released', 'halted']),
      ),
    );
  const [after] = await tx
    .update(appReleases)
    .set({
      status: liveStatus(a.percent, a.halted),
      rolloutPercent: a.percent,
      publishedNumber: number,
      version: sql`${appReleases.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(appReleases.id, a.release.id))
    .returning();
  const publish = toPublish(row!, number);
  await logChange(tx, scope, {
    action: a.action,
    targetType: 'app_release',
    targetId: a.release.id,
    targetName: nameOf(a.release),
    before: live ? { number: live.number, percent: live.percent, halted: live.halted } : null,
    after: { number, percent: a.percent, halted: a.halted, rollback_of: a.rollbackOf, note: a.note },
  });
  return { release: toItem(after!), publish };
}

function checkVersion(row: Row, version: number): void {
  if (row.version !== version) throw new ApiError(ErrorCode.CONFLICT);
}

/**
 * Publishes the version as it is now with a rollout of `percent` %: a new numbered publish of its
 * platform and channel. The percentage never falls below the version's last one (400001 on
 * `percent`), and a version older than the live one is not published over it (rollback is the way back).
 */
export function publish(
  db: Db,
  scope: ProductScope,
  id: number,
  body: { version: number; percent: number; note: string },
) {
  return db.transaction(async (tx) => {
    const row = await lockRelease(tx, scope, id);
    checkVersion(row, body.version);
    const live = await livePublish(tx, scope.productId, row.platform, row.channel);
    if (body.percent < row.rolloutPercent)
      new FieldProblems(scope.lang)
        .add('percent', 'percent_cannot_fall', { percent: row.rolloutPercent })
        .throwIfAny();
    if (live && live.releaseId !== row.id && live.snapshot.version_code > row.versionCode)
      throw ruleError(scope.lang, 'release_older_than_live');
    return append(tx, scope, live, {
      action: 'publish',
      release: row,
      snapshot: snapshotOf(row, await publishedFields(tx, scope, row.fieldValues)),
      percent: body.percent,
      halted: false,
      rollbackOf: null,
      note: body.note,
    });
  });
}

/** Stops (`halt`) or restarts (`resume`) the live version's rollout: a copy of the live publish, halted or not. */
export function haltOrResume(
  db: Db,
  scope: ProductScope,
  id: number,
  action: 'halt' | 'resume',
  body: { version: number; note: string },
) {
  return db.transaction(async (tx) => {
    const row = await lockRelease(tx, scope, id);
    checkVersion(row, body.version);
    const live = await livePublish(tx, scope.productId, row.platform, row.channel);
    if (!live || live.releaseId !== row.id) throw ruleError(scope.lang, 'release_not_live');
    if (action === 'halt' && live.halted) throw ruleError(scope.lang, 'release_already_halted');
    if (action === 'resume' && !live.halted) throw ruleError(scope.lang, 'release_not_halted');
    return append(tx, scope, live, {
      action,
      release: row,
      snapshot: live.snapshot,
      percent: live.percent,
      halted: action === 'halt',
      rollbackOf: null,
      note: body.note,
    });
  });
}

async function publishOf(db: Db, scope: ProductScope, row: Row, number: number): Promise<PublishRow> {
  const [found] = await db
    .select()
    .from(appReleasePublishes)
    .where(
      and(
        inScope(appReleasePublishes, scope),
        eq(appReleasePublishes.platform, row.platform),
        eq(appReleasePublishes.channel, row.channel),
        eq(appReleasePublishes.number, number),
      ),
    );
  if (!found) throw new ApiError(ErrorCode.NOT_FOUND);
  return found;
}

interface RollbackPayload {
  releaseId: number;
  number: number;
  note: string;
}

/** Makes publish `number` (of the version's platform and channel) live again, as a new publish. */
async function applyRollback(tx: Db, scope: ProductScope, p: RollbackPayload) {
  const row = await lockRelease(tx, scope, p.releaseId);
  const source = await publishOf(tx, scope, row, p.number);
  const live = await livePublish(tx, scope.productId, row.platform, row.channel);
  if (live && live.number === source.number) throw ruleError(scope.lang, 'rollback_to_live');
  const [target] = await tx
    .select()
    .from(appReleases)
    .where(eq(appReleases.id, source.releaseId))
    .for('update');
  return append(tx, scope, live, {
    action: 'rollback',
    release: target!,
    snapshot: source.snapshot,
    percent: source.percent,
    halted: source.halted,
    rollbackOf: source.number,
    note: p.note,
  });
}

/** Registers what an approved rollback does. */
export function registerReleaseApprovals(): void {
  registerApprovalAction<RollbackPayload>('app_releases.rollback', {
    apply: (tx, maker, p) => applyRollback(tx, maker as ProductScope, p),
  });
}

const summary = (row: PublishRow) => ({
  number: row.number,
  version_name: row.snapshot.version_name,
  version_code: row.snapshot.version_code,
  percent: row.percent,
  halted: row.halted,
});

/**
 * Rolls the version's platform and channel back to publish `number`, or asks for it: a rollback goes
 * through two-person approval (the number a policy compares: how many publishes it goes back).
 */
export async function askRollback(
  db: Db,
  events: EventBus,
  scope: ProductScope,
  id: number,
  body: { number: number; note: string },
) {
  const [row] = await db
    .select()
    .from(appReleases)
    .where(and(inScope(appReleases, scope), eq(appReleases.id, id)));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  const source = await publishOf(db, scope, row, body.number);
  const live = await livePublish(db, scope.productId, row.platform, row.channel);
  if (!live || live.number === source.number) throw ruleError(scope.lang, 'rollback_to_live');
  const outcome = await submitChange<RollbackPayload>(db, events, scope as Scope, {
    kind: 'app_releases.rollback',
    amount: live.number - source.number,
    reason: body.note,
    target: { type: 'app_release', id: row.id, name: `${nameOf(row)} #${live.number} → #${source.number}` },
    before: summary(live),
    after: summary(source),
    payload: { releaseId: row.id, number: source.number, note: body.note },
  });
  return outcome.applied ? outcome.result : { approval: outcome.request };
}

/** The publishes of a platform and channel, newest first. */
export async function listPublishes(
  db: Db,
  scope: ProductScope,
  query: { platform: AppPlatform; channel: string; page: number; page_size: number },
) {
  const where = and(
    inScope(appReleasePublishes, scope),
    eq(appReleasePublishes.platform, query.platform),
    eq(appReleasePublishes.channel, query.channel),
  );
  const rows = await db
    .select()
    .from(appReleasePublishes)
    .where(where)
    .orderBy(desc(appReleasePublishes.number))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const [count] = await db
    .select({
      total: sql<number>`count(*)::int`,
      live: sql<number | null>`max(${appReleasePublishes.number})`,
    })
    .from(appReleasePublishes)
    .where(where);
  const liveNumber = count?.live ?? null;
  return { list: rows.map((r) => toPublish(r, liveNumber)), total: count?.total ?? 0 };
}
