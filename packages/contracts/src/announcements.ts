import { z } from 'zod';
import {
  distinct,
  i18nText,
  iconUrl,
  idField,
  int32,
  isoTime,
  keyword,
  optionalI18nText,
  rowMeta,
  safeText,
  versionField,
} from './fields.ts';
import {
  LIFECYCLE_STATES,
  GO_LIVE_ACTIONS,
  GO_LIVE_LIFECYCLE,
  goLiveItemFields,
  lifecycleActionBody,
  type GoLiveAction,
} from './lifecycle.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * Announcements (`/operation/product-notice`, `/api/v1/announcements`): notices a game shows its
 * players — a login pop-up, the notice board, a scrolling marquee or a maintenance notice — with
 * a title and a rich-text body per language, targeting, a time window, a priority and a show
 * rule. They move along the shared lifecycle (draft → pending approval → scheduled → live →
 * ended, recall back to draft); the scheduler publishes them at their start and ends them at their
 * end. Games read the live ones through `GET /api/game/v1/notices`.
 */

export const ANNOUNCEMENT_TYPES = ['login_popup', 'board', 'marquee', 'maintenance'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];
export const SHOW_RULES = ['once', 'daily', 'every_login'] as const;
export type ShowRule = (typeof SHOW_RULES)[number];
export const CLICK_ACTIONS = ['none', 'url', 'in_game'] as const;
export type ClickAction = (typeof CLICK_ACTIONS)[number];
export const ANNOUNCEMENT_STATES = LIFECYCLE_STATES;
export type AnnouncementState = (typeof ANNOUNCEMENT_STATES)[number];

/** A rich-text body per language (sanitised by the server with the shared allow-list). */
const richBody = optionalI18nText(20_000);

const targetValue = safeText().trim().min(1).max(64);
/** An app version as games report it (1.2.10): compared part by part as numbers. */
export const appVersion = z
  .string()
  .trim()
  .max(32)
  .regex(/^\d{1,6}(\.\d{1,6}){0,3}$/);

const announcementFields = z.object({
  type: z.enum(ANNOUNCEMENT_TYPES),
  title: i18nText(100),
  body: richBody,
  image_url: iconUrl,
  click_action: z.enum(CLICK_ACTIONS),
  /** The URL (click_action url: http or https) or the in-game page id (in_game). */
  click_target: safeText().trim().max(500),
  /** Channel codes; empty: every channel. */
  channels: distinct(targetValue, 50),
  /** Server ids; empty: every server. */
  servers: distinct(targetValue, 200),
  /** Lowest and highest app version shown to (inclusive); empty: no bound. */
  min_version: z.union([appVersion, z.literal('')]),
  max_version: z.union([appVersion, z.literal('')]),
  /** User groups (ids); empty: everyone. A player must be in one of them. */
  user_group_ids: distinct(idField, 20),
  /** When it goes live (by the scheduler); null: when published. */
  start_at: isoTime.nullable(),
  /** When it ends (by the scheduler); null: until ended by hand. */
  end_at: isoTime.nullable(),
  /** Higher first. */
  priority: int32(0, 999),
  show_rule: z.enum(SHOW_RULES),
});

type Fields = z.infer<typeof announcementFields>;
/** Cross-field rules the schema checks on both sides: a target for a click, a window that ends after it starts. */
function checkFields(value: Partial<Fields>, ctx: z.RefinementCtx): void {
  if (value.click_action === 'url' && !/^https?:\/\/\S+$/.test(value.click_target ?? ''))
    ctx.addIssue({ code: 'custom', path: ['click_target'], params: { key: 'invalid' } });
  if (value.click_action === 'in_game' && !value.click_target)
    ctx.addIssue({ code: 'custom', path: ['click_target'], params: { key: 'required' } });
  if (value.start_at && value.end_at && Date.parse(value.end_at) <= Date.parse(value.start_at))
    ctx.addIssue({ code: 'custom', path: ['end_at'], params: { key: 'end_before_start' } });
  if (value.min_version && value.max_version && compareVersions(value.min_version, value.max_version) > 0)
    ctx.addIssue({ code: 'custom', path: ['max_version'], params: { key: 'version_order' } });
}

export const announcementCreateBody = announcementFields
  .extend({
    body: richBody.prefault({}),
    image_url: iconUrl.default(''),
    click_action: announcementFields.shape.click_action.default('none'),
    click_target: announcementFields.shape.click_target.default(''),
    channels: announcementFields.shape.channels.default([]),
    servers: announcementFields.shape.servers.default([]),
    min_version: announcementFields.shape.min_version.default(''),
    max_version: announcementFields.shape.max_version.default(''),
    user_group_ids: announcementFields.shape.user_group_ids.default([]),
    start_at: announcementFields.shape.start_at.default(null),
    end_at: announcementFields.shape.end_at.default(null),
    priority: announcementFields.shape.priority.default(0),
    show_rule: announcementFields.shape.show_rule.default('once'),
  })
  .superRefine(checkFields);
export type AnnouncementCreate = z.input<typeof announcementCreateBody>;

/** Only a draft is edited (a live one is recalled first); the whole notice is sent again. */
export const announcementUpdateBody = announcementFields
  .partial()
  .extend({ version: versionField })
  .superRefine(checkFields);
export type AnnouncementUpdate = z.input<typeof announcementUpdateBody>;

export const announcementItem = announcementFields.extend({
  ...rowMeta,
  product_id: idField,
  ...goLiveItemFields,
});
export type Announcement = z.infer<typeof announcementItem>;

export const ANNOUNCEMENT_SORTS = ['priority', 'id', 'start_at', 'end_at', 'status', 'updated_at'] as const;
export const announcementFilters = {
  /** Part of the title in any language. */
  q: keyword,
  type: z.enum(ANNOUNCEMENT_TYPES).optional(),
  status: z.enum(ANNOUNCEMENT_STATES).optional(),
  channel: targetValue.optional(),
};
export const announcementListQuery = listQuery(ANNOUNCEMENT_SORTS, announcementFilters);
export const announcementExportQuery = exportQuery(announcementFilters);
export const announcementListAnswer = listAnswer(announcementItem);

/**
 * What staff do to a notice along the lifecycle (`POST /api/v1/announcements/:id/<action>`): publish
 * a draft (live, or scheduled for its start; through approval when a policy asks) or a scheduled
 * notice at once; recall it to draft; end it for good.
 */
export const ANNOUNCEMENT_ACTIONS = GO_LIVE_ACTIONS;
export type AnnouncementAction = GoLiveAction;
export const ANNOUNCEMENT_LIFECYCLE = GO_LIVE_LIFECYCLE;
export const announcementActionBody = lifecycleActionBody;

export const announcementsResource = defineResource({
  name: 'announcements',
  page: '/operation/product-notice',
  scope: 'product',
  logTarget: 'announcement',
  namespace: 'announcements',
  item: announcementItem,
  create: announcementCreateBody,
  update: announcementUpdateBody,
  list: announcementListQuery,
  export: announcementExportQuery,
  filters: ['q', 'type', 'status', 'channel'],
  sorts: ANNOUNCEMENT_SORTS,
  remove: 'delete',
});

// ------------------------------------------------------------------ game API

/** `GET /api/game/v1/notices`: the live notices one player sees. */
export const gameNoticesQuery = z.object({
  channel: safeText().trim().max(64).default(''),
  server: safeText().trim().max(64).default(''),
  version: z.union([appVersion, z.literal('')]).default(''),
  openid: safeText().trim().max(128).default(''),
  lang: safeText().trim().max(8).default('zh'),
});

export const gameNotice = z.object({
  id: z.number().int(),
  type: z.enum(ANNOUNCEMENT_TYPES),
  title: z.string(),
  body: z.string(),
  image_url: z.string(),
  click_action: z.enum(CLICK_ACTIONS),
  click_target: z.string(),
  priority: z.number().int(),
  show_rule: z.enum(SHOW_RULES),
  start_at: z.string().nullable(),
  end_at: z.string().nullable(),
  /** Changes whenever the notice does: a client shows a `once` notice again when it changes. */
  revision: z.number().int(),
});
export type GameNotice = z.infer<typeof gameNotice>;
export const gameNoticesAnswer = z.object({ notices: z.array(gameNotice) });

/** -1, 0 or 1 comparing two app versions part by part (1.10 > 1.9; missing parts are 0). */
export function compareVersions(a: string, b: string): number {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}
