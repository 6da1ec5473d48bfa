import { z } from 'zod';
import { distinct, idField, isoTime, keyword, queryInt, rowMeta, safeText, versionField } from './fields.ts';
import { listAnswer, listQuery } from './lists.ts';
import { openidField } from './players.ts';
import { defineResource } from './resource.ts';
import { ruleSchema, TAG_NAME } from './user-groups.ts';

/**
 * Player profile tags (`/commercialactivity/user-profile-config`, players by tag
 * `/commercialactivity/user-profile-userlist/:name`): `/api/v1/profile-tags`. A tag has a type
 * (boolean, enum, number, date) that fixes what its values may be, and a source: a rule (a boolean
 * tag set for the players a condition tree matches, by the tag job), an import (a file of
 * `openid,value` lines, as a job) or staff by hand. Group rules test tags as `tag.<name>`.
 */

export const PROFILE_TAG_TYPES = ['boolean', 'enum', 'number', 'date'] as const;
export type ProfileTagType = (typeof PROFILE_TAG_TYPES)[number];
export const PROFILE_TAG_SOURCES = ['rule', 'import', 'manual'] as const;
export type ProfileTagSource = (typeof PROFILE_TAG_SOURCES)[number];

export const PROFILE_TAGS_PAGE = '/commercialactivity/user-profile-config';
/** Lines an import file may hold (a header line included). */
export const TAG_IMPORT_MAX_LINES = 200_000;
/** Options of an enum tag. */
export const TAG_MAX_OPTIONS = 50;

// Left empty it reads "required" (min), filled in wrongly "invalid" (the pattern).
const tagName = safeText().trim().min(1).regex(TAG_NAME);
const tagOption = safeText().trim().min(1).max(64);

const tagFields = z.object({
  /** The machine name: group rules say `tag.<name>`; never changes once created. */
  name: tagName,
  label: safeText().trim().min(1).max(64),
  type: z.enum(PROFILE_TAG_TYPES),
  /** The allowed values of an enum tag (required there, empty otherwise). */
  options: distinct(tagOption, TAG_MAX_OPTIONS),
  source: z.enum(PROFILE_TAG_SOURCES),
  /** For `source: rule` (a boolean tag): the players it matches get `true`. */
  rule: ruleSchema.nullable(),
  description: safeText().max(500),
});

export const profileTagCreateBody = tagFields.extend({
  options: tagFields.shape.options.default([]),
  source: tagFields.shape.source.default('manual'),
  rule: tagFields.shape.rule.default(null),
  description: tagFields.shape.description.default(''),
});
export type ProfileTagCreate = z.input<typeof profileTagCreateBody>;

/** The name and the type are immutable (values and rules refer to them). */
export const profileTagUpdateBody = tagFields.partial().extend({ version: versionField });
export type ProfileTagUpdate = z.input<typeof profileTagUpdateBody>;

export const profileTagItem = tagFields.extend({
  ...rowMeta,
  product_id: idField,
  /** Players holding a value. */
  player_count: z.number().int(),
  created_by: z.string(),
});
export type ProfileTag = z.infer<typeof profileTagItem>;

export const PROFILE_TAG_SORTS = ['id', 'name', 'label', 'type', 'source', 'updated_at'] as const;
export const profileTagFilters = {
  /** Matches the name or the label. */
  q: keyword,
  type: z.enum(PROFILE_TAG_TYPES).optional(),
  source: z.enum(PROFILE_TAG_SOURCES).optional(),
};
export const profileTagListQuery = listQuery(PROFILE_TAG_SORTS, profileTagFilters);
export const profileTagListAnswer = listAnswer(profileTagItem);

export const profileTagsResource = defineResource({
  name: 'profile-tags',
  page: PROFILE_TAGS_PAGE,
  scope: 'product',
  logTarget: 'profile_tag',
  namespace: 'profile-tags',
  item: profileTagItem,
  create: profileTagCreateBody,
  update: profileTagUpdateBody,
  list: profileTagListQuery,
  filters: ['q', 'type', 'source'],
  sorts: PROFILE_TAG_SORTS,
  remove: 'delete',
});

// ---------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------

/**
 * A value as the API carries it: boolean tags `true`/`false`, enum tags one of the options, number
 * tags a finite number, date tags an ISO time. Checked against the tag on the server.
 */
export const tagValue = z.union([z.boolean(), z.number().finite().min(-1e15).max(1e15), safeText().max(64)]);
export type TagValue = z.infer<typeof tagValue>;

export const tagPlayerParams = z.object({ id: queryInt(1), openid: openidField });
export const tagSetBody = z.object({ value: tagValue });

export const TAG_PLAYER_SORTS = ['set_at', 'openid', 'value'] as const;
export const tagPlayersQuery = listQuery(TAG_PLAYER_SORTS, {
  /** Only this value (parsed by the tag's type). */
  value: safeText().trim().max(64).optional(),
  openid: safeText().trim().max(64).optional(),
});

export const tagPlayerItem = z.object({
  openid: z.string(),
  nickname: z.string(),
  channel: z.string(),
  region: z.string(),
  value: z.union([z.boolean(), z.number(), z.string()]),
  source: z.enum(PROFILE_TAG_SOURCES),
  set_by: z.string(),
  set_at: z.string(),
});
export type TagPlayer = z.infer<typeof tagPlayerItem>;
export const tagPlayersAnswer = listAnswer(tagPlayerItem);

/** A player's tags (the profile page's card). */
export const playerTagItem = z.object({
  tag_id: z.number().int(),
  name: z.string(),
  label: z.string(),
  type: z.enum(PROFILE_TAG_TYPES),
  value: z.union([z.boolean(), z.number(), z.string()]),
  source: z.enum(PROFILE_TAG_SOURCES),
  set_at: z.string(),
});
export type PlayerTag = z.infer<typeof playerTagItem>;
export const playerTagsParams = z.object({ openid: openidField });

/** An import of values from an uploaded file (`use=openid_list`; lines `openid,value`). */
export const tagImportBody = z.object({
  file_id: safeText().regex(/^[A-Za-z0-9_-]{22}$/),
  /** Remove the values of players the file does not list. */
  replace: z.boolean().default(false),
});

/** The answer of an action that became a job. */
export const tagJobAnswer = z.object({ job_id: z.number().int() });

/** The answer of a rule evaluation run inline (tests, small products) or its job summary. */
export const tagEvaluation = z.object({ matched: z.number().int(), at: isoTime });
