import { z } from 'zod';
import { appVersion, compareVersions } from './announcements.ts';
import {
  distinct,
  i18nText,
  iconUrl,
  idField,
  isoTime,
  keyword,
  queryInt,
  rowMeta,
  codeField,
  safeText,
  versionField,
} from './fields.ts';
import { exclusiveShares } from './user-groups.ts';
import { lifecycleActionBody, resourceLifecycle } from './lifecycle.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { openidField } from './players.ts';
import { defineResource } from './resource.ts';
import { PUSH_KINDS } from './dimensions.ts';

/**
 * App push (`/operation/push-manage/app-push`, `/api/v1/push-tasks`).
 *
 * Games register their players' device tokens through the signed game API
 * (`POST /api/game/v1/push/tokens`, one per device and provider: FCM, APNs or Huawei Push Kit; the
 * same call refreshes a token, `POST /api/game/v1/push/tokens/unregister` drops one). A **push task**
 * is a title and body per language, an image, a deep link and custom data, sent to everyone, user
 * groups or a list of players, narrowed by provider and country, now or at a time. Sending is a job
 * in batches of tokens through each provider's adapter: one delivery row per (task, token), sent
 * once even when a batch runs again after a restart. A token a provider calls invalid is retired
 * and never sent to again. Draft → Pending approval (a policy's threshold on targeted devices) →
 * Scheduled → Sending → Sent / Partly failed; Cancel (back to draft) and Stop (for good).
 */

export const PUSH_PROVIDERS = ['fcm', 'apns', 'huawei', 'wechat'] as const;
export type PushProviderName = (typeof PUSH_PROVIDERS)[number];
export const PUSH_PLATFORMS = ['android', 'ios', 'harmony', 'mini_program', 'mini_game'] as const;
export type PushPlatform = (typeof PUSH_PLATFORMS)[number];

/** The longest device token accepted (APNs: 64 hex digits; FCM: about 160 characters; Huawei: ~130). */
export const PUSH_TOKEN_MAX = 512;
const deviceToken = safeText()
  .trim()
  .min(8)
  .max(PUSH_TOKEN_MAX)
  .regex(/^[A-Za-z0-9_:.-]+$/);
const timeZone = safeText()
  .trim()
  .max(64)
  .refine((tz) => {
    if (!tz) return true;
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  });

// ------------------------------------------------------------------ game API

/** Registers (or refreshes: `previous_token`) a player's device token. */
export const gamePushTokenBody = z.object({
  openid: openidField,
  platform: z.enum(PUSH_PLATFORMS),
  provider: z.enum(PUSH_PROVIDERS),
  token: deviceToken,
  /** The token this one replaces (a refresh): it is retired. */
  previous_token: deviceToken.optional(),
  app_version: z.union([appVersion, z.literal('')]).default(''),
  locale: safeText().trim().max(16).default(''),
  time_zone: timeZone.default(''),
});
export type GamePushTokenBody = z.input<typeof gamePushTokenBody>;
export const gamePushTokenAnswer = z.object({
  id: z.number().int(),
  /** False when the same token was registered before (its details updated). */
  created: z.boolean(),
});

/** A device signed out or the app was uninstalled: the token is retired. */
export const gamePushUnregisterBody = z.object({
  openid: openidField,
  provider: z.enum(PUSH_PROVIDERS),
  token: deviceToken,
});
export const gamePushUnregisterAnswer = z.object({ retired: z.boolean() });

/** The player opened a push (the app reads `push_task_id` from the push's data). */
export const gamePushOpenedBody = z.object({
  openid: openidField,
  task_id: idField,
});
/** The game received a push (`POST /api/game/v1/push/delivered`, same body as an open). */
export const gamePushDeliveredBody = gamePushOpenedBody;
/** `recorded`: false when it was reported before, or the player was sent no such push. */
export const gamePushOpenedAnswer = z.object({ recorded: z.boolean() });

// ------------------------------------------------------------------ push tasks

export const PUSH_TASK_STATES = [
  'draft',
  'pending_approval',
  'scheduled',
  'sending',
  'sent',
  'partly_failed',
  'stopped',
] as const;
export type PushTaskState = (typeof PUSH_TASK_STATES)[number];
/**
 * Who a task reaches: everyone, user groups, a list of players it names, players carrying profile
 * tags, or an uploaded openid file (each narrowed by provider, platform, app version, country and
 * last sign-in).
 */
export const PUSH_TARGETS = ['all', 'groups', 'players', 'tags', 'file'] as const;
export type PushTarget = (typeof PUSH_TARGETS)[number];
/** The most openids a task names itself (larger audiences are user groups). */
export const PUSH_PLAYERS_MAX = 1000;

const dataKey = safeText()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_.-]*$/)
  // FCM reserves these (and google.*, gcm.*): its message would be refused.
  .refine((key) => !/^(from|notification|message_type|google\.|gcm\.|collapse_key)/i.test(key), {
    params: { key: 'invalid' },
  });
/** A profile tag a player must carry (target `tags`): any value, or this one (`true`/`false`, an option, a number, a date). */
export const pushTagCondition = z.object({
  tag_id: idField,
  value: safeText().trim().max(64),
});
export type PushTagCondition = z.infer<typeof pushTagCondition>;
/** What an uploaded openid file held (target `file`): lines read, distinct openids, and what was left out. */
export const pushFileReport = z.object({
  lines: z.number().int(),
  openids: z.number().int(),
  duplicates: z.number().int(),
  malformed: z.number().int(),
  /** Openids of no player of the game (kept out of the audience). */
  unknown: z.number().int(),
  /** The first few left out, by line (`reason`: duplicate, malformed, unknown). */
  samples: z.array(z.object({ line: z.number().int(), openid: z.string(), reason: z.string() })),
});
export type PushFileReport = z.infer<typeof pushFileReport>;
const optionalVersion = z.union([appVersion, z.literal('')]);
const countryCode = safeText()
  .trim()
  .regex(/^[A-Z]{2}$/);

/** A wall-clock time of day, `HH:MM`. */
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
/** A wall-clock moment without a zone, `YYYY-MM-DDTHH:MM`. */
const localDateTime = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/)
  .refine((v) => new Date(`${v}:00Z`).toISOString().slice(0, 16) === v, { params: { key: 'invalid' } });
export const PUSH_QUIET_ACTIONS = ['defer', 'drop'] as const;
export type PushQuietAction = (typeof PUSH_QUIET_ACTIONS)[number];
export const pushQuietHours = z
  .object({ start: clockTime, end: clockTime, action: z.enum(PUSH_QUIET_ACTIONS) })
  .refine((q) => q.start !== q.end, { path: ['end'], params: { key: 'invalid' } });
const quietHours = pushQuietHours;
export type PushQuietHours = z.infer<typeof pushQuietHours>;
/** The most A/B variants of a task. */
export const PUSH_VARIANTS_MAX = 5;
export const pushVariant = z.object({
  key: codeField(32),
  name: safeText().trim().min(1).max(64),
  percent: z.number().int().min(1).max(100),
  title: i18nText(100),
  body: i18nText(500),
});
export type PushVariant = z.infer<typeof pushVariant>;
/**
 * Some layers of one of the task's user groups (target `groups`): only the group's members in these
 * layers' buckets (the layers as the group has them when the push is counted or sent). A group not
 * named here reaches all its members.
 */
export const pushGroupLayers = z.object({
  group_id: idField,
  layers: distinct(codeField(32), 20).min(1),
});
export type PushGroupLayers = z.infer<typeof pushGroupLayers>;

const pushFields = z.object({
  /** What staff call it (players never see it). */
  name: safeText().trim().min(1).max(100),
  title: i18nText(100),
  body: i18nText(500),
  /** An image shown with the notification ('' none). */
  image: iconUrl,
  /** Where a tap leads in the game ('' the app's start). */
  deep_link: safeText().trim().max(500),
  /** Custom key-value data the app reads. */
  data: z
    .array(z.object({ key: dataKey, value: safeText().max(500) }))
    .max(20)
    .refine((list) => new Set(list.map((d) => d.key)).size === list.length, {
      params: { key: 'duplicate_item' },
    }),
  target: z.enum(PUSH_TARGETS),
  /** User groups (target `groups`): their materialised members. */
  user_group_ids: distinct(idField, 20),
  /** Per group of `user_group_ids`, optionally some of its layers (a group at most once). */
  user_group_layers: z
    .array(pushGroupLayers)
    .max(20)
    .refine((list) => new Set(list.map((g) => g.group_id)).size === list.length, {
      params: { key: 'duplicate_item' },
    }),
  /** Openids (target `players`). */
  openids: distinct(openidField, PUSH_PLAYERS_MAX),
  /** Only devices of these providers (empty: all). */
  providers: distinct(z.enum(PUSH_PROVIDERS), PUSH_PROVIDERS.length),
  /** Only players of these countries (ISO 3166 codes; empty: all). */
  countries: distinct(countryCode, 50),
  /** Players carrying one of these profile tags (target `tags`; a tag at most once). */
  tags: z
    .array(pushTagCondition)
    .max(20)
    .refine((list) => new Set(list.map((t) => t.tag_id)).size === list.length, {
      params: { key: 'duplicate_item' },
    }),
  /** An uploaded openid list (target `file`, files use `openid_list`): read when saved. */
  file_id: safeText()
    .regex(/^[A-Za-z0-9_-]{22}$/)
    .nullable(),
  /** Only devices of these platforms (empty: all). */
  platforms: distinct(z.enum(PUSH_PLATFORMS), PUSH_PLATFORMS.length),
  /**
   * Only devices on these app versions: a range (`app_version_min`–`app_version_max`, either end
   * open) or a list, not both. A device's version is its token's, else its player's last sign-in's.
   */
  app_version_min: optionalVersion,
  app_version_max: optionalVersion,
  app_versions: distinct(appVersion, 50),
  /** Only players who signed in within this many days (null: whenever). */
  active_days: z.number().int().min(1).max(365).nullable(),
  /** When sending starts (by the scheduler); null: when sent. */
  send_at: isoTime.nullable(),
  /** Seconds a provider keeps trying to deliver (its TTL). */
  ttl_seconds: z.number().int().min(0).max(2_419_200),
  /**
   * Frequency cap: a player who was sent this many other pushes of the game within `cap_hours` is
   * not sent this one (dropped and counted as capped, never queued); 0: no cap.
   */
  cap_count: z.number().int().min(0).max(100),
  cap_hours: z.number().int().min(1).max(720),
  /**
   * A mini-program or mini-game push (kind `mini_program`, `mini_game`): the WeChat subscribe
   * message template (its `data` rows are the template's fields, e.g. `thing1`; `{title}` and
   * `{body}` in a value are the task's texts in the player's language) and the page a tap opens.
   */
  template_id: safeText()
    .trim()
    .max(64)
    .regex(/^[A-Za-z0-9_-]*$/),
  page: safeText()
    .trim()
    .max(500)
    .regex(/^([A-Za-z0-9_][A-Za-z0-9_/.-]*(\?\S*)?)?$/),
  /**
   * Send at a local time: this wall-clock moment (`YYYY-MM-DDTHH:MM`) in each player's own time
   * zone (their latest device's; else the CP's). The task goes live at the first zone's moment
   * (UTC+14, its `send_at`), each player's push waits for theirs. Null: `send_at` as it is.
   */
  local_send_at: localDateTime.nullable(),
  /** Quiet hours in the player's time zone: a push due inside them waits for their end, or is dropped. */
  quiet_hours: quietHours.nullable(),
  /** A player who signs in within this many hours of the push counts as converted. */
  convert_hours: z.number().int().min(1).max(168),
  /**
   * A/B variants on fixed buckets: a player's bucket (0–99, a hash of openid and the game, as the
   * layers of user groups; the same in every task of the game) picks the variant whose share (a
   * range of buckets) covers it; buckets beyond the shares get the task's own title and body (the
   * base, variant `''`).
   */
  variants: exclusiveShares(pushVariant, PUSH_VARIANTS_MAX),
});
type Fields = z.infer<typeof pushFields>;

function checkFields(value: Partial<Fields>, ctx: z.RefinementCtx): void {
  if (value.target === 'groups' && !value.user_group_ids?.length)
    ctx.addIssue({ code: 'custom', path: ['user_group_ids'], params: { key: 'required' } });
  if (value.target === 'players' && !value.openids?.length)
    ctx.addIssue({ code: 'custom', path: ['openids'], params: { key: 'required' } });
  // Layers are of a group the task targets.
  if (value.user_group_layers && value.user_group_ids)
    value.user_group_layers.forEach((g, i) => {
      if (!value.user_group_ids!.includes(g.group_id))
        ctx.addIssue({
          code: 'custom',
          path: ['user_group_layers', i, 'group_id'],
          params: { key: 'invalid' },
        });
    });
  if (value.target === 'tags' && !value.tags?.length)
    ctx.addIssue({ code: 'custom', path: ['tags'], params: { key: 'required' } });
  if (value.target === 'file' && !value.file_id)
    ctx.addIssue({ code: 'custom', path: ['file_id'], params: { key: 'required' } });
  if (
    value.app_version_min &&
    value.app_version_max &&
    compareVersions(value.app_version_min, value.app_version_max) > 0
  )
    ctx.addIssue({ code: 'custom', path: ['app_version_max'], params: { key: 'version_order' } });
  if (value.app_versions?.length && (value.app_version_min || value.app_version_max))
    ctx.addIssue({ code: 'custom', path: ['app_versions'], params: { key: 'invalid' } });
  if (value.deep_link && !/^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(value.deep_link))
    ctx.addIssue({ code: 'custom', path: ['deep_link'], params: { key: 'invalid' } });
}

export const pushTaskCreateBody = pushFields
  .extend({
    image: pushFields.shape.image.default(''),
    deep_link: pushFields.shape.deep_link.default(''),
    data: pushFields.shape.data.default([]),
    user_group_ids: pushFields.shape.user_group_ids.default([]),
    user_group_layers: pushFields.shape.user_group_layers.default([]),
    openids: pushFields.shape.openids.default([]),
    providers: pushFields.shape.providers.default([]),
    countries: pushFields.shape.countries.default([]),
    tags: pushFields.shape.tags.default([]),
    file_id: pushFields.shape.file_id.default(null),
    platforms: pushFields.shape.platforms.default([]),
    app_version_min: pushFields.shape.app_version_min.default(''),
    app_version_max: pushFields.shape.app_version_max.default(''),
    app_versions: pushFields.shape.app_versions.default([]),
    active_days: pushFields.shape.active_days.default(null),
    send_at: pushFields.shape.send_at.default(null),
    ttl_seconds: pushFields.shape.ttl_seconds.default(86_400),
    cap_count: pushFields.shape.cap_count.default(0),
    cap_hours: pushFields.shape.cap_hours.default(24),
    template_id: pushFields.shape.template_id.default(''),
    page: pushFields.shape.page.default(''),
    local_send_at: pushFields.shape.local_send_at.default(null),
    quiet_hours: pushFields.shape.quiet_hours.default(null),
    convert_hours: pushFields.shape.convert_hours.default(24),
    variants: pushFields.shape.variants.default([]),
  })
  .superRefine(checkFields);
export type PushTaskCreate = z.input<typeof pushTaskCreateBody>;

/** Only a draft is edited. */
export const pushTaskUpdateBody = pushFields
  .partial()
  .extend({ version: versionField })
  .superRefine(checkFields);
export type PushTaskUpdate = z.input<typeof pushTaskUpdateBody>;

/** The kinds of push task: app push, mini-program and mini-game subscribe messages (`?kind=`). */
export const pushKind = z.enum(PUSH_KINDS);

export const pushTaskItem = pushFields.extend({
  ...rowMeta,
  product_id: idField,
  kind: pushKind,
  status: z.enum(PUSH_TASK_STATES),
  /** Devices it goes to: counted when sent (or asked for approval). */
  targeted: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** Tokens a provider called invalid (retired). */
  invalid_tokens: z.number().int(),
  job_id: z.number().int().nullable(),
  sent_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_by: z.string(),
  approval_id: z.number().int().nullable(),
  /** What the uploaded openid file held (target `file`; null: none read). */
  file_report: pushFileReport.nullable(),
});
export type PushTask = z.infer<typeof pushTaskItem>;

/**
 * `POST /api/v1/push-tasks/audience?kind=`: how many devices and players an audience reaches now,
 * resolved as the send resolves it (the form's count before sending), and what its file held.
 */
export const pushAudienceBody = pushFields
  .pick({
    target: true,
    user_group_ids: true,
    user_group_layers: true,
    openids: true,
    providers: true,
    countries: true,
    tags: true,
    file_id: true,
    platforms: true,
    app_version_min: true,
    app_version_max: true,
    app_versions: true,
    active_days: true,
    template_id: true,
  })
  .partial()
  .extend({ target: pushFields.shape.target })
  .superRefine(checkFields);
export type PushAudience = z.input<typeof pushAudienceBody>;
export const pushAudienceAnswer = z.object({
  devices: z.number().int(),
  players: z.number().int(),
  file: pushFileReport.nullable(),
});
export type PushAudienceAnswer = z.infer<typeof pushAudienceAnswer>;

export const PUSH_TASK_SORTS = ['id', 'send_at', 'status', 'targeted', 'updated_at'] as const;
export const pushTaskFilters = {
  /** The kind of push (the page's; default `app`): its page's permissions are the ones checked. */
  kind: pushKind.optional(),
  /** Part of the name or the title in any language. */
  q: keyword,
  status: z.enum(PUSH_TASK_STATES).optional(),
  target: z.enum(PUSH_TARGETS).optional(),
};
export const pushTaskListQuery = listQuery(PUSH_TASK_SORTS, pushTaskFilters);
export const pushTaskExportQuery = exportQuery(pushTaskFilters);
export const pushTaskListAnswer = listAnswer(pushTaskItem);

export const pushTasksResource = defineResource({
  name: 'push-tasks',
  page: '/operation/push-manage/app-push',
  scope: 'product',
  logTarget: 'push_task',
  namespace: 'push',
  item: pushTaskItem,
  create: pushTaskCreateBody,
  update: pushTaskUpdateBody,
  list: pushTaskListQuery,
  export: pushTaskExportQuery,
  filters: ['q', 'status', 'target'],
  sorts: PUSH_TASK_SORTS,
  remove: 'delete',
  dimension: { name: 'kind', kind: 'push', values: PUSH_KINDS, default: 'app' },
});

/**
 * `POST /api/v1/push-tasks/:id/<action>`: send a draft (now, or scheduled for its send time; through
 * approval when a policy asks), cancel a pending or scheduled one (back to draft), stop a sending or
 * partly failed one (the batches not yet sent are not, for good, nor failed ones retried after; pushes
 * deferred to a player's local time or the end of their quiet hours are cancelled, never sent).
 */
export const PUSH_TASK_ACTIONS = ['send', 'cancel', 'stop'] as const;
export type PushTaskAction = (typeof PUSH_TASK_ACTIONS)[number];
export const PUSH_TASK_LIFECYCLE = resourceLifecycle<PushTaskState, PushTaskAction>({
  states: {
    draft: 'draft',
    pending_approval: 'pending_approval',
    scheduled: 'scheduled',
    sending: 'live',
    sent: 'live',
    partly_failed: 'live',
    stopped: 'ended',
  },
  enters: { live: 'sending', ended: 'stopped' },
  actions: {
    send: { move: 'go_live', from: ['draft'] },
    cancel: { move: 'recall', from: ['pending_approval', 'scheduled'] },
    stop: { move: 'end', from: ['sending', 'partly_failed'], to: 'stopped', irreversible: true },
  },
  window: { start: 'send_at' },
});
export const pushTaskActionBody = lifecycleActionBody;

/**
 * `deferred`: waiting for the player's local time or the end of their quiet hours; `quiet`: dropped in
 * quiet hours; `cancelled`: was deferred when the task was stopped (never sent).
 */
export const PUSH_DELIVERY_STATES = [
  'sent',
  'failed',
  'invalid_token',
  'capped',
  'deferred',
  'quiet',
  'cancelled',
] as const;
export type PushDeliveryState = (typeof PUSH_DELIVERY_STATES)[number];

/** One variant's figures (devices targeted, sent, failed by reason; players delivered, opened, converted). */
export const pushVariantStats = z.object({
  variant: z.string(),
  targeted: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  delivered: z.number().int(),
  opened: z.number().int(),
  converted: z.number().int(),
  reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
});
export type PushVariantStats = z.infer<typeof pushVariantStats>;

/** A task's deliveries: in all, per provider and failures per reason. */
export const pushTaskStats = z.object({
  targeted: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  invalid_token: z.number().int(),
  /** Devices not sent to: their player was over the frequency cap. */
  capped: z.number().int(),
  /** Players who opened it (each once), as games report. */
  opened: z.number().int(),
  /** Targeted devices not answered yet (sending, or stopped before their batch). */
  pending: z.number().int(),
  providers: z.array(
    z.object({
      provider: z.enum(PUSH_PROVIDERS),
      sent: z.number().int(),
      failed: z.number().int(),
      invalid_token: z.number().int(),
    }),
  ),
  /** Failures by reason (the outside party's failure kind, e.g. `unavailable`, `not_set_up`). */
  reasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  /** Devices waiting for their player's local time or the end of quiet hours. */
  deferred: z.number().int(),
  /** Devices not sent to: due inside their player's quiet hours (the task drops). */
  quiet: z.number().int(),
  /** Devices not sent to: still waiting (deferred) when the task was stopped. */
  cancelled: z.number().int(),
  /** Players whose game reported the push received (or opened). */
  delivered: z.number().int(),
  /** Players sent it who signed in within `convert_hours` after. */
  converted: z.number().int(),
  /** Per A/B variant (`''`: the base), and per UTC day and variant. */
  variants: z.array(pushVariantStats),
  days: z.array(pushVariantStats.extend({ day: z.string() })),
});
export type PushTaskStats = z.infer<typeof pushTaskStats>;

export const pushDeliveriesQuery = z.object({
  page: queryInt(1, 100_000).default(1),
  page_size: queryInt(1, 100).default(10),
  state: z.enum(PUSH_DELIVERY_STATES).optional(),
  openid: keyword,
});
