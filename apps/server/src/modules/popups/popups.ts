import { eq, sql } from 'drizzle-orm';
import { popupsResource, type Popup } from '@rx/contracts';
import { contains } from '../../lib/list.ts';
import { draftCheck, onlyDraftsDeleted, goLiveFields } from '../../lib/define-lifecycle.ts';
import { checkReferences, eachOf } from '../../lib/references.ts';
import { resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { isoOrNull } from '../../lib/rows.ts';
import { checkWindow, timeInput } from '../../lib/time-window.ts';
import { profileTags } from '../profile-tags/index.ts';
import { checkGroups } from '../user-groups/index.ts';
import { popupScenes, popups } from './tables.ts';

type Row = typeof popups.$inferSelect;

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
    start_at: isoOrNull(row.startAt),
    end_at: isoOrNull(row.endAt),
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
    startAt: timeInput(input.start_at),
    endAt: timeInput(input.end_at),
    priority: input.priority,
    capPerDay: input.cap_per_day,
    capPerSession: input.cap_per_session,
    capTotal: input.cap_total,
  }),
  usage: onlyDraftsDeleted,
  check: draftCheck(async (db, scope, input, before, problems) => {
    // Scenes, groups and tags of another game or CP (or of no one) would reach nobody, silently.
    await checkReferences(db, scope, problems, popupScenes, eachOf('scene_ids', input.scene_ids ?? []), {
      usable: (scene) => scene.status === 'active',
      kept: before?.sceneIds,
    });
    await checkGroups(db, scope, problems, input.user_group_ids ?? []);
    await checkReferences(db, scope, problems, profileTags, eachOf('tag_ids', input.tag_ids ?? []));
    checkWindow(problems, 'end_at', [input.start_at, before?.startAt], [input.end_at, before?.endAt]);
  }),
};

export const popupService = resourceService(popupsResource, popupImpl);
