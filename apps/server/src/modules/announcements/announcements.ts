import { eq, sql } from 'drizzle-orm';
import { announcementsResource, type Announcement, textFor } from '@rx/contracts';
import { contains } from '../../lib/list.ts';
import { FieldProblems } from '../../lib/problems.ts';
import { editedAsDraft, onlyDraftsDeleted, goLiveFields } from '../../lib/define-lifecycle.ts';
import { checkReferences, eachOf } from '../../lib/references.ts';
import { resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { sanitizeEachLanguage } from '../../lib/rich-text.ts';
import { userGroups } from '../user-groups/tables.ts';
import { announcements } from './tables.ts';

type Row = typeof announcements.$inferSelect;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

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
    start_at: iso(row.startAt),
    end_at: iso(row.endAt),
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
  sortBy: {
    priority: announcements.priority,
    id: announcements.id,
    start_at: announcements.startAt,
    end_at: announcements.endAt,
    status: announcements.status,
    updated_at: announcements.updatedAt,
  },
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
    startAt: input.start_at === undefined ? undefined : input.start_at ? new Date(input.start_at) : null,
    endAt: input.end_at === undefined ? undefined : input.end_at ? new Date(input.end_at) : null,
    priority: input.priority,
    showRule: input.show_rule,
  }),
  usage: onlyDraftsDeleted,
  check: async (db, scope, input, before) => {
    editedAsDraft(scope, before);
    const problems = new FieldProblems(scope.lang);
    // Groups of another game or CP, or of no one, would make a notice that silently reaches nobody.
    await checkReferences(
      db,
      scope,
      problems,
      userGroups,
      eachOf('user_group_ids', input.user_group_ids ?? []),
    );
    // The cross-field rules again against what the row keeps (an update may send one side).
    const start = input.start_at !== undefined ? input.start_at : iso(before?.startAt ?? null);
    const end = input.end_at !== undefined ? input.end_at : iso(before?.endAt ?? null);
    if (start && end && Date.parse(end) <= Date.parse(start)) problems.add('end_at', 'end_before_start');
    problems.throwIfAny();
  },
};

export const announcementService = resourceService(announcementsResource, announcementImpl);
