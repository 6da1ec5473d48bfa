import { z } from 'zod';
import { codeField, idField, int32, isoTime, keyword, rowMeta, safeText, versionField } from './fields.ts';
import { exportQuery, listQuery } from './lists.ts';
import { defineResource } from './resource.ts';

/**
 * User groups (`/commercialactivity/user-group`): the players mail, push, notices and pop-ups
 * target. A group is a rule (a tree of AND/OR groups of conditions, compiled to SQL on the server)
 * or an uploaded openid list; a job materialises its members.
 */

// ---------------------------------------------------------------------------------------------
// The rule tree
// ---------------------------------------------------------------------------------------------

export const RULE_MAX_DEPTH = 4;
export const RULE_MAX_CONDITIONS = 50;
/** Days an event window or a "days ago" value may span. */
export const RULE_MAX_DAYS = 3650;
export const RULE_MAX_LIST = 200;

/** How a field's values are typed, which fixes its operators and value input. */
export type RuleFieldType = 'text' | 'number' | 'date' | 'tag' | 'event';

export const TEXT_OPS = ['eq', 'ne', 'in', 'not_in'] as const;
export const NUMBER_OPS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'] as const;
/** Dates: before/after an instant, within / more than N days ago, set or not. */
export const DATE_OPS = ['before', 'after', 'within_days', 'over_days', 'is_set', 'not_set'] as const;
/** A tag: set or not, and compared by the value's own type (text, number, boolean, date). */
export const TAG_OPS = [
  'is_set',
  'not_set',
  'eq',
  'ne',
  'in',
  'gt',
  'gte',
  'lt',
  'lte',
  'before',
  'after',
] as const;
/** Event aggregates over the last `days` days: at least / fewer than `value`. */
export const EVENT_OPS = ['gte', 'lt'] as const;
export const RULE_OPS = [
  ...new Set([...TEXT_OPS, ...NUMBER_OPS, ...DATE_OPS, ...TAG_OPS, ...EVENT_OPS]),
] as readonly string[];

/**
 * The whitelisted fields: the player's own columns, "has a role where …" (`role.*`), event
 * aggregates (`event.*`) and profile tags (`tag.<name>`, checked against the product's tags).
 */
export const RULE_FIELDS = {
  channel: 'text',
  sub_channel: 'text',
  region: 'text',
  country: 'text',
  status: 'text',
  created_at: 'date',
  last_login_at: 'date',
  paid_total: 'number',
  'role.server': 'text',
  'role.level': 'number',
  'role.vip': 'number',
  'role.last_active_at': 'date',
  /** Paid (minor units, refunds excluded) in the last `days` days. */
  'event.paid': 'event',
  /** Sign-ins in the last `days` days. */
  'event.logins': 'event',
  /** No sign-in for `value` days (no `days`). */
  'event.no_login': 'event',
} as const satisfies Record<string, RuleFieldType>;
export type RuleFieldName = keyof typeof RULE_FIELDS;
export const TAG_FIELD_PREFIX = 'tag.';
export const TAG_NAME = /^[a-z][a-z0-9_]{0,63}$/;

export function opsOf(type: RuleFieldType, field?: string): readonly string[] {
  if (field === 'event.no_login') return ['gte'];
  return { text: TEXT_OPS, number: NUMBER_OPS, date: DATE_OPS, tag: TAG_OPS, event: EVENT_OPS }[type];
}

/** The type of a field name (`tag.<name>` → 'tag'), or undefined when it is not whitelisted. */
export function ruleFieldType(field: string): RuleFieldType | undefined {
  if (field.startsWith(TAG_FIELD_PREFIX)) {
    return TAG_NAME.test(field.slice(TAG_FIELD_PREFIX.length)) ? 'tag' : undefined;
  }
  return Object.hasOwn(RULE_FIELDS, field) ? RULE_FIELDS[field as RuleFieldName] : undefined;
}

const ruleText = safeText().max(128);
const ruleNumber = z.number().finite().min(-1e15).max(1e15);
const ruleValue = z.union([
  ruleText,
  ruleNumber,
  z.boolean(),
  z
    .array(z.union([ruleText, ruleNumber]))
    .min(1)
    .max(RULE_MAX_LIST),
]);

export const ruleCondition = z.object({
  field: safeText().max(80),
  op: safeText().max(16),
  value: ruleValue.optional(),
  /** The window of an event aggregate, in days. */
  days: int32(1, RULE_MAX_DAYS).optional(),
});
export type RuleCondition = z.infer<typeof ruleCondition>;

export interface RuleGroup {
  op: 'and' | 'or';
  items: RuleNode[];
}
export type RuleNode = RuleGroup | RuleCondition;
export type Rule = RuleGroup;

export const isRuleGroup = (node: RuleNode): node is RuleGroup => 'items' in node;

const ruleGroupShape: z.ZodType<RuleGroup> = z.lazy(() =>
  z.object({
    op: z.enum(['and', 'or']),
    items: z.array(z.union([ruleGroupShape, ruleCondition])).max(RULE_MAX_CONDITIONS),
  }),
);

/** A problem in a rule: the path into the tree and a message key (`userGroups:rule.*`). */
export interface RuleProblem {
  path: (string | number)[];
  message: string;
}

const isNum = (v: unknown): v is number => typeof v === 'number';
const isText = (v: unknown): v is string => typeof v === 'string';
const isDays = (v: unknown) => isNum(v) && Number.isInteger(v) && v >= 0 && v <= RULE_MAX_DAYS;
const isInstant = (v: unknown) => isText(v) && isoTime.safeParse(v).success;

/** Whether a condition's value fits its field's type and operator (undefined: it does). */
function conditionProblem(c: RuleCondition): string | undefined {
  const type = ruleFieldType(c.field);
  if (!type) return 'rule.unknownField';
  if (!opsOf(type, c.field).includes(c.op)) return 'rule.badOperator';
  const v = c.value;
  const list = Array.isArray(v);
  switch (type) {
    case 'text':
      if (c.op === 'in' || c.op === 'not_in') return list && v.every(isText) ? undefined : 'rule.badValue';
      return isText(v) ? undefined : 'rule.badValue';
    case 'number':
      return isNum(v) ? undefined : 'rule.badValue';
    case 'date':
      if (c.op === 'is_set' || c.op === 'not_set') return v === undefined ? undefined : 'rule.badValue';
      if (c.op === 'within_days' || c.op === 'over_days') return isDays(v) ? undefined : 'rule.badValue';
      return isInstant(v) ? undefined : 'rule.badValue';
    case 'event':
      if (c.field === 'event.no_login') return isDays(v) && (v as number) >= 1 ? undefined : 'rule.badValue';
      if (c.days === undefined) return 'rule.badDays';
      return isNum(v) && v >= 0 ? undefined : 'rule.badValue';
    case 'tag':
      if (c.op === 'is_set' || c.op === 'not_set') return v === undefined ? undefined : 'rule.badValue';
      if (c.op === 'in') return list && (v.every(isText) || v.every(isNum)) ? undefined : 'rule.badValue';
      if (c.op === 'before' || c.op === 'after') return isInstant(v) ? undefined : 'rule.badValue';
      if (c.op === 'eq' || c.op === 'ne')
        return isText(v) || isNum(v) || typeof v === 'boolean' ? undefined : 'rule.badValue';
      return isNum(v) ? undefined : 'rule.badValue';
  }
}

/** Every problem of a rule tree: depth, size, fields, operators, values. */
export function ruleProblems(rule: RuleGroup): RuleProblem[] {
  const problems: RuleProblem[] = [];
  let conditions = 0;
  const walk = (node: RuleGroup, depth: number, path: (string | number)[]) => {
    if (depth > RULE_MAX_DEPTH) {
      problems.push({ path, message: 'rule.tooDeep' });
      return;
    }
    if (!node.items.length) problems.push({ path: [...path, 'items'], message: 'rule.emptyGroup' });
    node.items.forEach((item, i) => {
      const at = [...path, 'items', i];
      if (isRuleGroup(item)) return walk(item, depth + 1, at);
      conditions += 1;
      const problem = conditionProblem(item);
      if (problem) problems.push({ path: at, message: problem });
    });
  };
  walk(rule, 1, []);
  if (conditions > RULE_MAX_CONDITIONS) problems.push({ path: [], message: 'rule.tooMany' });
  return problems;
}

/** The rule tree, checked whole: depth ≤ 4, ≤ 50 conditions, whitelisted fields and typed values. */
export const ruleSchema = ruleGroupShape.superRefine((rule, ctx) => {
  for (const problem of ruleProblems(rule)) {
    ctx.addIssue({
      code: 'custom',
      path: problem.path,
      message: problem.message,
      params: { key: problem.message === 'rule.emptyGroup' ? 'required' : 'invalid' },
    });
  }
});

/** Tag names a rule tests (the server checks they exist in the product). */
export function ruleTagNames(rule: RuleGroup): string[] {
  const names = new Set<string>();
  const walk = (node: RuleNode) => {
    if (isRuleGroup(node)) node.items.forEach(walk);
    else if (node.field.startsWith(TAG_FIELD_PREFIX)) names.add(node.field.slice(TAG_FIELD_PREFIX.length));
  };
  walk(rule);
  return [...names];
}

// ---------------------------------------------------------------------------------------------
// The group resource
// ---------------------------------------------------------------------------------------------

export const USER_GROUP_KINDS = ['rule', 'list'] as const;
export type UserGroupKind = (typeof USER_GROUP_KINDS)[number];
export const USER_GROUP_STATES = ['draft', 'computing', 'ready', 'failed'] as const;
export type UserGroupState = (typeof USER_GROUP_STATES)[number];
export const USER_GROUP_REFRESH = ['manual', 'daily', 'hourly'] as const;
export type UserGroupRefresh = (typeof USER_GROUP_REFRESH)[number];

/** A layer: an exclusive share of the group's members (shares total ≤ 100). */
export const userGroupLayer = z.object({
  key: codeField(32),
  name: safeText().trim().min(1).max(64),
  percent: int32(1, 100),
});
export type UserGroupLayer = z.infer<typeof userGroupLayer>;

/**
 * Exclusive percentage shares of players, each with a key (layers of a group, a push task's A/B
 * variants): shares total at most 100, keys distinct.
 */
export function exclusiveShares<T extends z.ZodType<{ key: string; percent: number }>>(item: T, max: number) {
  return z
    .array(item)
    .max(max)
    .superRefine((layers, ctx) => {
      const total = layers.reduce((sum, layer) => sum + layer.percent, 0);
      if (total > 100)
        ctx.addIssue({ code: 'custom', path: [], message: 'layers.over100', params: { key: 'invalid' } });
      const keys = new Set<string>();
      layers.forEach((layer, i) => {
        if (keys.has(layer.key))
          ctx.addIssue({
            code: 'custom',
            path: [i, 'key'],
            message: 'layers.duplicate',
            params: { key: 'duplicate_item' },
          });
        keys.add(layer.key);
      });
    });
}

export const userGroupLayers = exclusiveShares(userGroupLayer, 20);

const groupFields = z.object({
  /** Stable machine name (the layers page's address). */
  name: codeField(64),
  label: safeText().trim().min(1).max(64),
  description: safeText().max(500),
  kind: z.enum(USER_GROUP_KINDS),
  rule: ruleSchema.nullable(),
  /** For a list group: the uploaded file (modules/files) the job reads. */
  file_id: safeText()
    .regex(/^[A-Za-z0-9_-]{22}$/)
    .nullable(),
  refresh: z.enum(USER_GROUP_REFRESH),
});

function kindFits(value: { kind?: UserGroupKind; rule?: RuleGroup | null }, ctx: z.RefinementCtx) {
  if (value.kind === 'rule' && !value.rule)
    ctx.addIssue({ code: 'custom', path: ['rule'], message: 'rule.required', params: { key: 'required' } });
}

export const userGroupCreateBody = groupFields
  .extend({
    description: groupFields.shape.description.default(''),
    rule: groupFields.shape.rule.default(null),
    file_id: groupFields.shape.file_id.default(null),
    refresh: groupFields.shape.refresh.default('daily'),
  })
  .superRefine(kindFits);
export type UserGroupCreate = z.input<typeof userGroupCreateBody>;

/** The name and kind are fixed once created. */
export const userGroupUpdateBody = groupFields
  .omit({ name: true, kind: true })
  .partial()
  .extend({ version: versionField });
export type UserGroupUpdate = z.input<typeof userGroupUpdateBody>;

export const userGroupItem = groupFields.extend({
  ...rowMeta,
  product_id: idField,
  uuid: z.string(),
  state: z.enum(USER_GROUP_STATES),
  member_count: z.number(),
  materialized_at: z.string().nullable(),
  error: z.string(),
  job_id: z.number().nullable(),
  layers: z.array(userGroupLayer),
  layer_salt: z.string(),
});
export type UserGroup = z.infer<typeof userGroupItem>;

export const USER_GROUP_SORTS = ['id', 'name', 'member_count', 'materialized_at', 'updated_at'] as const;
export const USER_GROUP_FILTERS = ['q', 'kind', 'state'] as const;
const groupFilters = {
  q: keyword,
  kind: z.enum(USER_GROUP_KINDS).optional(),
  state: z.enum(USER_GROUP_STATES).optional(),
};
export const userGroupListQuery = listQuery(USER_GROUP_SORTS, groupFilters);

export const userGroupsResource = defineResource({
  name: 'user-groups',
  page: '/commercialactivity/user-group',
  scope: 'product',
  logTarget: 'user_group',
  namespace: 'user-groups',
  item: userGroupItem,
  create: userGroupCreateBody,
  update: userGroupUpdateBody,
  list: userGroupListQuery,
  filters: USER_GROUP_FILTERS,
  sorts: USER_GROUP_SORTS,
  remove: 'delete',
});

// ---------------------------------------------------------------------------------------------
// Preview, members, layers, fields
// ---------------------------------------------------------------------------------------------

/** `POST /api/v1/user-groups/preview {rule}`: the size of an unsaved rule. */
export const userGroupPreviewBody = z.object({ rule: ruleSchema });
export interface UserGroupPreview {
  count: number;
}

export const userGroupLayersBody = z.object({ layers: userGroupLayers, version: versionField });
export interface UserGroupLayerCount {
  key: string;
  name: string;
  percent: number;
  count: number;
}

export const USER_GROUP_MEMBER_SORTS = ['openid', 'last_login_at', 'paid_total'] as const;
export const userGroupMembersQuery = listQuery(USER_GROUP_MEMBER_SORTS, {
  q: keyword,
  layer: codeField(32).optional(),
});
export const userGroupMembersExportQuery = exportQuery({ q: keyword, layer: codeField(32).optional() });

export interface UserGroupMember {
  player_id: number;
  openid: string;
  nickname: string;
  channel: string;
  region: string;
  last_login_at: string | null;
  paid_total: number;
  layer: string | null;
}

/** What a rule may test: the fixed fields and the product's profile tags. */
export interface UserGroupFields {
  fields: { field: string; type: RuleFieldType; ops: string[] }[];
  tags: { name: string; label: string; type: 'boolean' | 'enum' | 'number' | 'date'; options: string[] }[];
}

/** An uploaded list's per-line outcome (a job item). */
export const USER_GROUP_LINE_ERRORS = ['unknown_openid', 'duplicate', 'malformed'] as const;

export const ruleTime = isoTime;
