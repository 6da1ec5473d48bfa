import { z } from 'zod';
import { distinct, i18nText, isoTime, keyword, rowMeta, safeText, versionField } from './fields.ts';
import { LANGUAGES } from './languages.ts';
import { LIFECYCLE_STATES, lifecycleActionBody } from './lifecycle.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { POPUP_LIFECYCLE } from './popups.ts';
import { csPageAccess } from './cs-settings.ts';
import { defineResource } from './resource.ts';

/**
 * What a player sees in the game's service panel before writing: the panel settings of a game
 * (`/api/v1/cs/panel`, page `/service/panel-settings`: a greeting, quick questions and help-centre
 * links per language) and its temporary notices (`/api/v1/cs-notices`, page
 * `/service/temporary-notice`: a banner in the languages it is written in, along the shared
 * lifecycle, between a start and an end). The game reads both in one answer through the game API
 * (`GET /api/game/v1/cs/panel`), the notices only while in force.
 */

// ---- Panel settings ----

export const CS_PANEL_PAGE = '/service/panel-settings';
export const csPanelAccess = csPageAccess(CS_PANEL_PAGE);

const line = (max: number) => safeText().trim().min(1).max(max);
/** A help-centre link: absolute http(s) only (the game opens it in a browser). */
const helpLink = z.object({
  title: line(60),
  url: safeText()
    .trim()
    .max(500)
    .regex(/^https?:\/\/\S+$/),
});

/** What the panel shows in one language. */
const panelLanguage = z.object({
  lang: z.enum(LANGUAGES),
  greeting: safeText().trim().max(500),
  quick_questions: distinct(line(100), 10),
  links: z.array(helpLink).max(10),
});
export type CsPanelLanguage = z.infer<typeof panelLanguage>;

const panelFields = z.object({
  /** One entry per language the panel speaks; a player of another language gets the first. */
  languages: z
    .array(panelLanguage)
    .max(LANGUAGES.length)
    .refine((list) => new Set(list.map((entry) => entry.lang)).size === list.length, {
      params: { key: 'duplicate_item' },
    }),
});
export const csPanelBody = panelFields.extend({ version: versionField });
export type CsPanelInput = z.input<typeof csPanelBody>;
export type CsPanel = z.infer<typeof panelFields> & { version: number; updated_at: string | null };
/** A game's panel until someone saves it: nothing to show. */
export const CS_DEFAULT_PANEL: Omit<CsPanel, 'version' | 'updated_at'> = { languages: [] };

// ---- Temporary notices ----

export const CS_NOTICE_STATES = LIFECYCLE_STATES;
export type CsNoticeState = (typeof CS_NOTICE_STATES)[number];

const noticeFields = z.object({
  /** The banner's text; it shows only to players of the languages it is written in. */
  text: i18nText(300),
  /** When it goes live (by the scheduler); null: when published. */
  start_at: isoTime.nullable(),
  /** When it ends: a temporary notice always ends. */
  end_at: isoTime,
});
type NoticeFields = z.infer<typeof noticeFields>;
function checkWindow(value: Partial<NoticeFields>, ctx: z.RefinementCtx): void {
  if (value.start_at && value.end_at && Date.parse(value.end_at) <= Date.parse(value.start_at))
    ctx.addIssue({ code: 'custom', path: ['end_at'], params: { key: 'end_before_start' } });
}

export const csNoticeCreateBody = noticeFields
  .extend({ start_at: noticeFields.shape.start_at.default(null) })
  .superRefine(checkWindow);
export type CsNoticeCreate = z.input<typeof csNoticeCreateBody>;
/** Only a draft is edited (a live one is recalled first). */
export const csNoticeUpdateBody = noticeFields
  .partial()
  .extend({ version: versionField })
  .superRefine(checkWindow);
export type CsNoticeUpdate = z.input<typeof csNoticeUpdateBody>;

export const csNoticeItem = noticeFields.extend({
  ...rowMeta,
  status: z.enum(CS_NOTICE_STATES),
  /** The languages it is written in (shown to). */
  languages: z.array(z.enum(LANGUAGES)),
  created_by: z.string(),
});
export type CsNotice = z.infer<typeof csNoticeItem>;

export const CS_NOTICE_SORTS = ['id', 'start_at', 'end_at', 'status', 'updated_at'] as const;
export const csNoticeFilters = {
  /** Part of the text in any language. */
  q: keyword,
  status: z.enum(CS_NOTICE_STATES).optional(),
  /** Written in this language. */
  lang: z.enum(LANGUAGES).optional(),
};
export const csNoticeListQuery = listQuery(CS_NOTICE_SORTS, csNoticeFilters);
export const csNoticeExportQuery = exportQuery(csNoticeFilters);
export const csNoticeListAnswer = listAnswer(csNoticeItem);

/** Publish (live, or scheduled for its start), recall to draft, end for good: a pop-up's moves. */
export const CS_NOTICE_LIFECYCLE = POPUP_LIFECYCLE;
export const csNoticeActionBody = lifecycleActionBody;

export const csNoticesResource = defineResource({
  name: 'cs-notices',
  page: '/service/temporary-notice',
  scope: 'product',
  logTarget: 'cs_notice',
  namespace: 'csPanel',
  item: csNoticeItem,
  create: csNoticeCreateBody,
  update: csNoticeUpdateBody,
  list: csNoticeListQuery,
  export: csNoticeExportQuery,
  filters: ['q', 'status', 'lang'],
  sorts: CS_NOTICE_SORTS,
  remove: 'delete',
});

// ---- Game API ----

/** `GET /api/game/v1/cs/panel`: the panel in the player's language. */
export const gameCsPanelQuery = z.object({
  lang: safeText().trim().max(16).default(''),
});
export const gameCsPanelAnswer = z.object({
  /** The language the panel's texts are in ('' when the game has none). */
  lang: z.union([z.enum(LANGUAGES), z.literal('')]),
  greeting: z.string(),
  quick_questions: z.array(z.string()),
  links: z.array(helpLink),
  /** The notices in force now in the player's language, newest first. */
  notices: z.array(z.object({ id: z.number().int(), text: z.string(), end_at: z.string() })),
});
export type GameCsPanel = z.infer<typeof gameCsPanelAnswer>;
