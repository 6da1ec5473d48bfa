import { eq, sql } from 'drizzle-orm';
import { announcementsResource, type Announcement, textFor } from '@rx/contracts';
import { contains } from '../../lib/list.ts';
import { draftCheck, onlyDraftsDeleted, goLiveFields } from '../../lib/define-lifecycle.ts';
import { resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { sanitizeEachLanguage } from '../../lib/rich-text.ts';
import { isoOrNull } from '../../lib/rows.ts';
import { checkWindow, timeInput } from '../../lib/time-window.ts';
import { checkGroups } from '../user-groups/index.ts';
import { announcements } from './tables.ts';

type Row = typeof announcements.$inferSelect;

export function toItem(row: Row): Announcement {
  return {
    id: row.id,
    product_id: row.productId,
    type: row.type,
    title: row.title,
    body: row.body,
    image_url: row.imageUrl,
    click_action: row.clickAction,
    click_target: row.clickTarget,
    channels: row.channels,
    servers: row.servers,
    min_version: row.minVersion,
    max_version: row.maxVersion,
    user_group_ids: row.userGroupIds,
    start_at: isoOrNull(row.startAt),
    end_at: isoOrNull(row.endAt),
    priority: row.priority,
    show_rule: row.showRule,
    ...goLiveFields(row),
  };
}

export const announcementImpl: ResourceImpl<
  typeof announcementsResource,
  typeof announcements,
  Announcement,
  null
> = {
  table: announcements,
  toItem,
  nameOf: (row) => textFor(row.title),
  where: (f) => [
    f.q ? contains(sql`lower(${announcements.title}::text)`, f.q.toLowerCase()) : undefined,
    f.type ? eq(announcements.type, f.type) : undefined,
    f.status ? eq(announcements.status, f.status) : undefined,
    // A notice for every channel is shown on this one too.
    f.channel
      ? sql`(${announcements.channels} = '[]'::jsonb or ${announcements.channels} @> ${JSON.stringify([f.channel])}::jsonb)`
      : undefined,
  ],
  columns: (input) => ({
    type: input.type,
    title: input.title,
    body: input.body === undefined ? undefined : sanitizeEachLanguage(input.body),
    imageUrl: input.image_url,
    clickAction: input.click_action,
    clickTarget: input.click_target,
    channels: input.channels,
    servers: input.servers,
    minVersion: input.min_version,
    maxVersion: input.max_version,
    userGroupIds: input.user_group_ids,
    startAt: timeInput(input.start_at),
    endAt: timeInput(input.end_at),
    priority: input.priority,
    showRule: input.show_rule,
  }),
  usage: onlyDraftsDeleted,
  check: draftCheck(async (db, scope, input, before, problems) => {
    await checkGroups(db, scope, problems, input.user_group_ids ?? []);
    checkWindow(problems, 'end_at', [input.start_at, before?.startAt], [input.end_at, before?.endAt]);
  }),
};

export const announcementService = resourceService(announcementsResource, announcementImpl);
