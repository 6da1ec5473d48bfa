import { and, eq, sql } from 'drizzle-orm';
import { compareVersions, pushTasksResource, type PushTask } from '@rx/contracts';
import { contains } from '../../lib/list.ts';
import { draftCheck, onlyDraftsDeleted } from '../../lib/define-lifecycle.ts';
import { resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { isoOrNull, stamps } from '../../lib/rows.ts';
import { pushTasks, pushTemplates } from './tables.ts';
import { firstZoneMoment } from './local-time.ts';
import { checkGroupLayers, checkTags } from './audience.ts';
import { checkGroups } from '../user-groups/index.ts';

export type PushTaskRow = typeof pushTasks.$inferSelect;

export function toItem(row: PushTaskRow): PushTask {
  return {
    id: row.id,
    product_id: row.productId,
    kind: row.kind,
    name: row.name,
    title: row.title,
    body: row.body,
    image: row.image,
    deep_link: row.deepLink,
    data: row.data,
    target: row.target,
    user_group_ids: row.userGroupIds,
    user_group_layers: row.userGroupLayers,
    openids: row.openids,
    providers: row.providers,
    countries: row.countries,
    tags: row.tags,
    file_id: row.fileId,
    file_report: row.fileReport,
    platforms: row.platforms,
    app_version_min: row.appVersionMin,
    app_version_max: row.appVersionMax,
    app_versions: row.appVersions,
    active_days: row.activeDays,
    send_at: isoOrNull(row.sendAt),
    ttl_seconds: row.ttlSeconds,
    cap_count: row.capCount,
    cap_hours: row.capHours,
    template_id: row.templateId,
    page: row.page,
    local_send_at: row.localSendAt,
    quiet_hours: row.quietHours,
    convert_hours: row.convertHours,
    variants: row.variants,
    status: row.status,
    targeted: row.targeted,
    sent: row.sent,
    failed: row.failed,
    invalid_tokens: row.invalidTokens,
    job_id: row.jobId,
    sent_at: isoOrNull(row.sentAt),
    finished_at: isoOrNull(row.finishedAt),
    created_by: row.createdBy,
    approval_id: row.approvalId,
    ...stamps(row),
  };
}

export const pushTaskImpl: ResourceImpl<typeof pushTasksResource, typeof pushTasks, PushTask, null> = {
  table: pushTasks,
  toItem,
  nameOf: (row) => row.name,
  where: (f) => [
    f.q
      ? sql`(${contains(sql`lower(${pushTasks.name})`, f.q.toLowerCase())} or ${contains(
          sql`lower(${pushTasks.title}::text)`,
          f.q.toLowerCase(),
        )})`
      : undefined,
    f.status ? eq(pushTasks.status, f.status) : undefined,
    f.target ? eq(pushTasks.target, f.target) : undefined,
  ],
  columns: (input) => ({
    name: input.name,
    title: input.title,
    body: input.body,
    image: input.image,
    deepLink: input.deep_link,
    data: input.data,
    target: input.target,
    userGroupIds: input.user_group_ids,
    userGroupLayers: input.user_group_layers,
    openids: input.openids,
    providers: input.providers,
    countries: input.countries,
    tags: input.tags,
    fileId: input.file_id,
    platforms: input.platforms,
    appVersionMin: input.app_version_min,
    appVersionMax: input.app_version_max,
    appVersions: input.app_versions,
    activeDays: input.active_days,
    // At a local time: live at the first zone's moment (UTC+14), each player's push waits for theirs.
    sendAt: input.local_send_at
      ? firstZoneMoment(input.local_send_at)
      : input.send_at === undefined
        ? undefined
        : input.send_at
          ? new Date(input.send_at)
          : null,
    localSendAt: input.local_send_at,
    quietHours: input.quiet_hours,
    convertHours: input.convert_hours,
    variants: input.variants,
    ttlSeconds: input.ttl_seconds,
    capCount: input.cap_count,
    capHours: input.cap_hours,
    templateId: input.template_id,
    page: input.page,
  }),
  // Only a draft is deleted: what players were sent stays on record.
  usage: onlyDraftsDeleted,
  check: draftCheck(async (db, scope, input, before, problems) => {
    await checkGroups(db, scope, problems, input.user_group_ids ?? []);
    // The cross-field rules against what the row keeps (an update may send one side).
    const target = input.target ?? before?.target;
    const groups = input.user_group_ids ?? before?.userGroupIds ?? [];
    const openids = input.openids ?? before?.openids ?? [];
    if (target === 'groups' && !groups.length) problems.add('user_group_ids', 'required');
    // The layers: of a group the task targets, each one the group has.
    if (input.user_group_layers || input.user_group_ids)
      await checkGroupLayers(
        db,
        scope,
        problems,
        groups,
        input.user_group_layers ?? before?.userGroupLayers ?? [],
      );
    if (target === 'players' && !openids.length) problems.add('openids', 'required');
    const tags = input.tags ?? before?.tags ?? [];
    if (target === 'tags' && !tags.length) problems.add('tags', 'required');
    if (input.tags) await checkTags(db, scope, problems, input.tags);
    if (target === 'file' && !(input.file_id ?? before?.fileId)) problems.add('file_id', 'required');
    const versionMin = input.app_version_min ?? before?.appVersionMin ?? '';
    const versionMax = input.app_version_max ?? before?.appVersionMax ?? '';
    const versions = input.app_versions ?? before?.appVersions ?? [];
    if (versionMin && versionMax && compareVersions(versionMin, versionMax) > 0)
      problems.add('app_version_max', 'version_order');
    if (versions.length && (versionMin || versionMax)) problems.add('app_versions', 'invalid');
    // A WeChat subscribe message names its template; an app push has none.
    const kind = before?.kind ?? scope.dimension?.value ?? 'app';
    const templateId = input.template_id ?? before?.templateId ?? '';
    if (kind !== 'app' && !templateId) problems.add('template_id', 'required');
    // A mini-game message names one of the game's synced templates.
    if (kind === 'mini_game' && templateId && input.template_id !== undefined) {
      const [known] = await db
        .select({ id: pushTemplates.id })
        .from(pushTemplates)
        .where(
          and(
            eq(pushTemplates.productId, scope.productId!),
            eq(pushTemplates.templateId, templateId),
            eq(pushTemplates.status, 'active'),
          ),
        );
      if (!known) problems.add('template_id', 'invalid');
    }
  }),
};

export const pushTaskService = resourceService(pushTasksResource, pushTaskImpl);
