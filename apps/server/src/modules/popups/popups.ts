import { eq, sql } from 'drizzle-orm';
import { popupsResource, type Popup } from '@rx/contracts';
import { contains } from '../../lib/list.ts';
import { FieldProblems } from '../../lib/problems.ts';
import { editedAsDraft, onlyDraftsDeleted, goLiveFields } from '../../lib/define-lifecycle.ts';
import { checkReferences, eachOf } from '../../lib/references.ts';
import { resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { profileTags } from '../profile-tags/index.ts';
import { userGroups } from '../user-groups/tables.ts';
import { popupScenes, popups } from './tables.ts';

type Row = typeof popups.$inferSelect;

const iso = (at: Date | null) => (at ? at.toISOString() : null);
const time = (value: string | null | undefined) =>
  value === undefined ? undefined : value ? new Date(value) : null;

export function popupItem(row: Row): Popup {
  return {
    id: row.id,
    product_id: row.productId,
    name: row.name,
    images: row.images,
    click_action: row.clickAction,
    click_target: row.clickTarget,
    scene_ids: row.sceneIds,
    user_group_ids: row.userGroupIds,
    tag_ids: row.tagIds,
    channels: row.channels,
    min_version: row.minVersion,
    max_version: row.maxVersion,
    start_at: iso(row.startAt),
    end_at: iso(row.endAt),
    priority: row.priority,
    cap_per_day: row.capPerDay,
    cap_per_session: row.capPerSession,
    cap_total: row.capTotal,
    ...goLiveFields(row),
  };
}

export const popupImpl: ResourceImpl<typeof popupsResource, typeof popups, Popup, null> = {
  table: popups,
  toItem: popupItem,
  nameOf: (row) => row.name,
  where: (f) => [
    f.q ? contains(sql`lower(${popups.name})`, f.q.toLowerCase()) : undefined,
    f.status ? eq(popups.status, f.status) : undefined,
    f.scene_id ? sql`${popups.sceneIds} @> ${JSON.stringify([f.scene_id])}::jsonb` : undefined,
  ],
  sortBy: {
    priority: popups.priority,
    id: popups.id,
    start_at: popups.startAt,
    end_at: popups.endAt,
    status: popups.status,
    updated_at: popups.updatedAt,
  },
  columns: (input) => ({
    name: input.name,
    images: input.images,
    clickAction: input.click_action,
    clickTarget: input.click_target,
    sceneIds: input.scene_ids,
    userGroupIds: input.user_group_ids,
    tagIds: input.tag_ids,
    channels: input.channels,
    minVersion: input.min_version,
    maxVersion: input.max_version,
    startAt: time(input.start_at),
    endAt: time(input.end_at),
    priority: input.priority,
    capPerDay: input.cap_per_day,
    capPerSession: input.cap_per_session,
    capTotal: input.cap_total,
  }),
  usage: onlyDraftsDeleted,
  check: async (db, scope, input, before) => {
    editedAsDraft(scope, before);
    const problems = new FieldProblems(scope.lang);
    // Scenes, groups and tags of another game or CP (or of no one) would reach nobody, silently.
    await checkReferences(db, scope, problems, popupScenes, eachOf('scene_ids', input.scene_ids ?? []), {
      usable: (scene) => scene.status === 'active',
      kept: before?.sceneIds,
    });
    await checkReferences(
      db,
      scope,
      problems,
      userGroups,
      eachOf('user_group_ids', input.user_group_ids ?? []),
    );
    await checkReferences(db, scope, problems, profileTags, eachOf('tag_ids', input.tag_ids ?? []));
    const start = input.start_at !== undefined ? input.start_at : iso(before?.startAt ?? null);
    const end = input.end_at !== undefined ? input.end_at : iso(before?.endAt ?? null);
    if (start && end && Date.parse(end) <= Date.parse(start)) problems.add('end_at', 'end_before_start');
    problems.throwIfAny();
  },
};

export const popupService = resourceService(popupsResource, popupImpl);
