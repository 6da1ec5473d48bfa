import { z } from 'zod';
import { appVersion, compareVersions } from './announcements.ts';
import {
  codeField,
  distinct,
  iconUrl,
  idField,
  int32,
  isoTime,
  keyword,
  queryInt,
  recordStatus,
  RECORD_STATUSES,
  rowMeta,
  safeText,
  versionField,
} from './fields.ts';
import { LANGUAGES } from './languages.ts';
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
 * In-game pop-ups and the scenes that show them (`/commercialactivity/window-config`,
 * `/commercialactivity/scene-config`).
 *
 * A **scene** is a moment of the game a pop-up may appear at (after sign-in, the lobby, a level up,
 * the shop opening, a payment…): it caps how many pop-ups one trigger shows and how long a player
 * rests between two showings. A **pop-up** has an image per orientation and language, a click
 * action, an audience, the scenes it shows in, a window, a priority and caps per day, per session
 * and in total per player; it goes live along the shared lifecycle. Games ask which pop-ups to show
 * (`GET /api/game/v1/popups`) and report exposures, clicks and closes
 * (`POST /api/game/v1/popups/events`, idempotent per event id), which the stats count.
 */

// ------------------------------------------------------------------ scenes

export const SCENE_TRIGGERS = [
  'after_sign_in',
  'lobby',
  'level_up',
  'shop_open',
  'payment_success',
  'custom',
] as const;
export type SceneTrigger = (typeof SCENE_TRIGGERS)[number];

/** The longest rest between two showings of a scene: a week. */
export const MAX_SCENE_COOLDOWN_SECONDS = 7 * 24 * 3600;

const sceneFields = z.object({
  /** What the game asks with (`?scene=`): fixed once created. */
  code: codeField(64),
  name: safeText().trim().min(1).max(64),
  trigger: z.enum(SCENE_TRIGGERS),
  /** At most this many pop-ups per trigger; the highest eligible priority first. */
  max_popups: int32(1, 10),
  /** Seconds a player rests after a showing of this scene before it shows again (0: no rest). */
  cooldown_seconds: int32(0, MAX_SCENE_COOLDOWN_SECONDS),
  status: recordStatus,
  description: safeText().trim().max(500),
});

export const popupSceneCreateBody = sceneFields.extend({
  trigger: sceneFields.shape.trigger.default('custom'),
  max_popups: sceneFields.shape.max_popups.default(1),
  cooldown_seconds: sceneFields.shape.cooldown_seconds.default(0),
  status: sceneFields.shape.status.default('active'),
  description: sceneFields.shape.description.default(''),
});
export type PopupSceneCreate = z.input<typeof popupSceneCreateBody>;
export const popupSceneUpdateBody = sceneFields.partial().extend({ version: versionField });
export type PopupSceneUpdate = z.input<typeof popupSceneUpdateBody>;

export const popupSceneItem = sceneFields.extend({ ...rowMeta, product_id: idField });
export type PopupScene = z.infer<typeof popupSceneItem>;

export const POPUP_SCENE_SORTS = ['id', 'code', 'max_popups', 'cooldown_seconds', 'updated_at'] as const;
export const popupSceneFilters = {
  q: keyword,
  trigger: z.enum(SCENE_TRIGGERS).optional(),
  status: z.enum(RECORD_STATUSES).optional(),
};
export const popupSceneListQuery = listQuery(POPUP_SCENE_SORTS, popupSceneFilters);
export const popupSceneExportQuery = exportQuery(popupSceneFilters);
export const popupSceneListAnswer = listAnswer(popupSceneItem);

export const popupScenesResource = defineResource({
  name: 'popup-scenes',
  page: '/commercialactivity/scene-config',
  scope: 'product',
  logTarget: 'popup_scene',
  namespace: 'popups',
  item: popupSceneItem,
  create: popupSceneCreateBody,
  update: popupSceneUpdateBody,
  list: popupSceneListQuery,
  export: popupSceneExportQuery,
  filters: ['q', 'trigger', 'status'],
  sorts: POPUP_SCENE_SORTS,
  // A scene a pop-up shows in is disabled instead (422001 names the pop-ups).
  remove: 'delete',
  sheet: {
    key: 'code',
    columns: ['name', 'trigger', 'max_popups', 'cooldown_seconds', 'status', 'description'],
  },
});

// ------------------------------------------------------------------ pop-ups

export const POPUP_ORIENTATIONS = ['portrait', 'landscape'] as const;
export type PopupOrientation = (typeof POPUP_ORIENTATIONS)[number];
export const POPUP_CLICK_ACTIONS = ['none', 'url', 'in_game', 'shop_item'] as const;
export type PopupClickAction = (typeof POPUP_CLICK_ACTIONS)[number];
export const POPUP_STATES = LIFECYCLE_STATES;
export type PopupState = (typeof POPUP_STATES)[number];

/** One image: for an orientation and a language (an upload's address). */
export const popupImage = z.object({
  orientation: z.enum(POPUP_ORIENTATIONS),
  lang: z.enum(LANGUAGES),
  url: iconUrl.min(1),
});
export type PopupImage = z.infer<typeof popupImage>;

const popupImages = z
  .array(popupImage)
  .min(1)
  .max(POPUP_ORIENTATIONS.length * LANGUAGES.length)
  .refine((list) => new Set(list.map((i) => `${i.orientation}:${i.lang}`)).size === list.length, {
    params: { key: 'duplicate_item' },
  });

const targetValue = safeText().trim().min(1).max(64);

const popupFields = z.object({
  name: safeText().trim().min(1).max(100),
  images: popupImages,
  click_action: z.enum(POPUP_CLICK_ACTIONS),
  /** The URL (url: http or https), the in-game page (in_game) or the shop item's code (shop_item). */
  click_target: safeText().trim().max(500),
  /** The scenes (ids) it shows in: at least one. */
  scene_ids: distinct(idField, 20).refine((list) => list.length > 0, { params: { key: 'required' } }),
  /** User groups (ids); empty: everyone. A player must be in one of them. */
  user_group_ids: distinct(idField, 20),
  /** Profile tags (ids); empty: no condition. A player must hold one of them (a set value, not false). */
  tag_ids: distinct(idField, 20),
  /** Channel codes; empty: every channel. */
  channels: distinct(targetValue, 50),
  min_version: z.union([appVersion, z.literal('')]),
  max_version: z.union([appVersion, z.literal('')]),
  start_at: isoTime.nullable(),
  end_at: isoTime.nullable(),
  /** Higher first. */
  priority: int32(0, 999),
  /** Showings per player per day (UTC), per session and in total; 0: no cap. */
  cap_per_day: int32(0, 1000),
  cap_per_session: int32(0, 1000),
  cap_total: int32(0, 100_000),
});

type PopupFieldValues = z.infer<typeof popupFields>;
function checkPopup(value: Partial<PopupFieldValues>, ctx: z.RefinementCtx): void {
  if (value.click_action === 'url' && !/^https?:\/\/\S+$/.test(value.click_target ?? ''))
    ctx.addIssue({ code: 'custom', path: ['click_target'], params: { key: 'invalid' } });
  if ((value.click_action === 'in_game' || value.click_action === 'shop_item') && !value.click_target)
    ctx.addIssue({ code: 'custom', path: ['click_target'], params: { key: 'required' } });
  if (value.start_at && value.end_at && Date.parse(value.end_at) <= Date.parse(value.start_at))
    ctx.addIssue({ code: 'custom', path: ['end_at'], params: { key: 'end_before_start' } });
  if (value.min_version && value.max_version && compareVersions(value.min_version, value.max_version) > 0)
    ctx.addIssue({ code: 'custom', path: ['max_version'], params: { key: 'version_order' } });
}

export const popupCreateBody = popupFields
  .extend({
    click_action: popupFields.shape.click_action.default('none'),
    click_target: popupFields.shape.click_target.default(''),
    user_group_ids: popupFields.shape.user_group_ids.default([]),
    tag_ids: popupFields.shape.tag_ids.default([]),
    channels: popupFields.shape.channels.default([]),
    min_version: popupFields.shape.min_version.default(''),
    max_version: popupFields.shape.max_version.default(''),
    start_at: popupFields.shape.start_at.default(null),
    end_at: popupFields.shape.end_at.default(null),
    priority: popupFields.shape.priority.default(0),
    cap_per_day: popupFields.shape.cap_per_day.default(1),
    cap_per_session: popupFields.shape.cap_per_session.default(1),
    cap_total: popupFields.shape.cap_total.default(0),
  })
  .superRefine(checkPopup);
export type PopupCreate = z.input<typeof popupCreateBody>;

/** Only a draft is edited (a live one is recalled first). */
export const popupUpdateBody = popupFields
  .partial()
  .extend({ version: versionField })
  .superRefine(checkPopup);
export type PopupUpdate = z.input<typeof popupUpdateBody>;

export const popupItem = popupFields.extend({
  ...rowMeta,
  product_id: idField,
  ...goLiveItemFields,
});
export type Popup = z.infer<typeof popupItem>;

export const POPUP_SORTS = ['priority', 'id', 'start_at', 'end_at', 'status', 'updated_at'] as const;
export const popupFilters = {
  q: keyword,
  status: z.enum(POPUP_STATES).optional(),
  /** Shows in this scene (its id). */
  scene_id: queryInt(1).optional(),
};
export const popupListQuery = listQuery(POPUP_SORTS, popupFilters);
export const popupExportQuery = exportQuery(popupFilters);
export const popupListAnswer = listAnswer(popupItem);

export const POPUP_ACTIONS = GO_LIVE_ACTIONS;
export type PopupAction = GoLiveAction;
export const POPUP_LIFECYCLE = GO_LIVE_LIFECYCLE;
export const popupActionBody = lifecycleActionBody;

export const popupsResource = defineResource({
  name: 'popups',
  page: '/commercialactivity/window-config',
  scope: 'product',
  logTarget: 'popup',
  namespace: 'popups',
  item: popupItem,
  create: popupCreateBody,
  update: popupUpdateBody,
  list: popupListQuery,
  export: popupExportQuery,
  filters: ['q', 'status', 'scene_id'],
  sorts: POPUP_SORTS,
  remove: 'delete',
});

// ------------------------------------------------------------------ stats

/** `GET /api/v1/popups/:id/stats?from=&to=`: days (UTC) inclusive; by default the last 30. */
export const popupStatsQuery = z.object({
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export const popupStatsDay = z.object({
  day: z.string(),
  exposures: z.number().int(),
  clicks: z.number().int(),
  closes: z.number().int(),
  /** Distinct players shown it that day. */
  players: z.number().int(),
  /** Clicks per exposure (0 without exposures). */
  ctr: z.number(),
});
export type PopupStatsDay = z.infer<typeof popupStatsDay>;
export const popupStatsAnswer = z.object({
  popup_id: z.number().int(),
  from: z.string(),
  to: z.string(),
  days: z.array(popupStatsDay),
  totals: popupStatsDay.omit({ day: true }),
});
export type PopupStats = z.infer<typeof popupStatsAnswer>;
/** The longest span the stats answer at once. */
export const POPUP_STATS_MAX_DAYS = 366;

// ------------------------------------------------------------------ game API

/** `GET /api/game/v1/popups`: what one player sees at one scene now. */
export const gamePopupsQuery = z.object({
  scene: codeField(64),
  openid: safeText().trim().min(1).max(128),
  channel: safeText().trim().max(64).default(''),
  version: z.union([appVersion, z.literal('')]).default(''),
  lang: safeText().trim().max(8).default('zh'),
  /** The game's session id: the per-session cap counts within it (without one it is not applied). */
  session: safeText().trim().max(64).default(''),
});
export type GamePopupsQuery = z.infer<typeof gamePopupsQuery>;

export const gamePopup = z.object({
  id: z.number().int(),
  /** The image for each orientation in the player's language (else Chinese, else any), '' when none. */
  images: z.object({ portrait: z.string(), landscape: z.string() }),
  click_action: z.enum(POPUP_CLICK_ACTIONS),
  click_target: z.string(),
  priority: z.number().int(),
  revision: z.number().int(),
});
export type GamePopup = z.infer<typeof gamePopup>;
export const gamePopupsAnswer = z.object({
  scene: z.string(),
  popups: z.array(gamePopup),
  /** While the scene rests for this player (its cool-down): when it may show again; else null. */
  cooldown_until: z.string().nullable(),
});
export type GamePopupsAnswer = z.infer<typeof gamePopupsAnswer>;

export const POPUP_EVENT_TYPES = ['exposure', 'click', 'close'] as const;
export type PopupEventType = (typeof POPUP_EVENT_TYPES)[number];
export const POPUP_EVENTS_MAX = 100;

export const gamePopupEvent = z.object({
  /** The game's id of the event: a repeat is stored once. */
  event_id: safeText().trim().min(1).max(64),
  popup_id: idField,
  scene: codeField(64),
  openid: safeText().trim().min(1).max(128),
  type: z.enum(POPUP_EVENT_TYPES),
  session: safeText().trim().max(64).default(''),
  /** When it happened (default: when received); at most a day ahead of the server's clock. */
  at: isoTime.optional(),
});
export type GamePopupEvent = z.input<typeof gamePopupEvent>;
/** `POST /api/game/v1/popups/events`: a batch of events; each answers ok, duplicate or its error. */
export const gamePopupEventsBody = z.object({ events: z.array(z.unknown()).min(1).max(POPUP_EVENTS_MAX) });
export const gamePopupEventResult = z.object({
  event_id: z.string(),
  status: z.enum(['ok', 'duplicate', 'error']),
  message: z.string().optional(),
});
export type GamePopupEventResult = z.infer<typeof gamePopupEventResult>;
export const gamePopupEventsAnswer = z.object({ results: z.array(gamePopupEventResult) });
