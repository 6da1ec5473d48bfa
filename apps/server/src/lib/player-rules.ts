import { sql, type SQL } from 'drizzle-orm';
import {
  isRuleGroup,
  ruleFieldType,
  ruleProblems,
  TAG_FIELD_PREFIX,
  type Rule,
  type RuleCondition,
  type RuleNode,
} from '@rx/contracts';

/**
 * The rule compiler: a rule tree (packages/contracts `user-groups.ts`) becomes one parameterised
 * SQL boolean expression over the `players` row aliased `p`. Field names come from a fixed
 * whitelist and map to fixed column names; every user value is a bound parameter with an explicit
 * cast (node-postgres sends parameters untyped: the cast says how each is read).
 *
 *   select count(*) from players p where p.product_id = $1 and <playerMatchSql(productId, rule)>
 *
 * User groups and profile tags set by rule use it (and any module that targets players by rule).
 */

export class RuleError extends Error {
  constructor(readonly problems: { path: (string | number)[]; message: string }[]) {
    super(`invalid rule: ${problems.map((p) => `${p.path.join('.')}: ${p.message}`).join('; ')}`);
  }
}

/** The player columns a rule may test (whitelist → column). */
const PLAYER_COLUMNS: Record<string, string> = {
  channel: 'channel',
  sub_channel: 'sub_channel',
  region: 'region',
  country: 'country',
  status: 'status',
  created_at: 'created_at',
  last_login_at: 'last_login_at',
  paid_total: 'paid_total',
};
const ROLE_COLUMNS: Record<string, string> = {
  'role.server': 'server',
  'role.level': 'level',
  'role.vip': 'vip',
  'role.last_active_at': 'last_active_at',
};

const list = (values: readonly (string | number)[], cast: SQL) =>
  sql.join(
    values.map((v) => sql`${v}${cast}`),
    sql`, `,
  );
const daysAgo = (days: unknown) => sql`(now() - make_interval(days => ${Number(days)}::int))`;
const num = (v: unknown) => sql`${Number(v)}::numeric`;
const instant = (v: unknown) => sql`${String(v)}::timestamptz`;

/** A comparison on one column by the field's type. */
function compare(column: SQL, type: 'text' | 'number' | 'date', c: RuleCondition): SQL {
  const v = c.value;
  if (type === 'text') {
    switch (c.op) {
      case 'eq':
        return sql`${column} = ${String(v)}::text`;
      case 'ne':
        return sql`${column} <> ${String(v)}::text`;
      case 'in':
        return sql`${column} in (${list(v as string[], sql`::text`)})`;
      case 'not_in':
        return sql`${column} not in (${list(v as string[], sql`::text`)})`;
    }
  }
  if (type === 'number') {
    switch (c.op) {
      case 'eq':
        return sql`${column} = ${num(v)}`;
      case 'ne':
        return sql`${column} <> ${num(v)}`;
      case 'gt':
        return sql`${column} > ${num(v)}`;
      case 'gte':
        return sql`${column} >= ${num(v)}`;
      case 'lt':
        return sql`${column} < ${num(v)}`;
      case 'lte':
        return sql`${column} <= ${num(v)}`;
    }
  }
  if (type === 'date') {
    switch (c.op) {
      case 'before':
        return sql`${column} < ${instant(v)}`;
      case 'after':
        return sql`${column} > ${instant(v)}`;
      case 'within_days':
        return sql`${column} >= ${daysAgo(v)}`;
      case 'over_days':
        return sql`${column} < ${daysAgo(v)}`;
      case 'is_set':
        return sql`${column} is not null`;
      case 'not_set':
        return sql`${column} is null`;
    }
  }
  throw new RuleError([{ path: [c.field], message: 'rule.badOperator' }]);
}

function numberOp(op: string): SQL {
  const ops: Record<string, string> = { eq: '=', ne: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };
  const symbol = ops[op];
  if (!symbol) throw new RuleError([{ path: [], message: 'rule.badOperator' }]);
  return sql.raw(symbol);
}

/** A tag condition: the tag named in the product, its value column chosen by the value's type. */
function tagCondition(productId: number, c: RuleCondition): SQL {
  const name = c.field.slice(TAG_FIELD_PREFIX.length);
  const has = (condition: SQL | undefined) =>
    sql`exists (select 1 from player_tag_values tv join profile_tags tg on tg.id = tv.tag_id
      where tg.product_id = ${productId}::int and tg.name = ${name}::text and tv.player_id = p.id${
        condition ? sql` and ${condition}` : sql``
      })`;
  const v = c.value;
  const equals = (value: unknown): SQL =>
    typeof value === 'boolean'
      ? sql`tv.value_bool = ${value}::boolean`
      : typeof value === 'number'
        ? sql`tv.value_num = ${value}::float8`
        : sql`tv.value_text = ${String(value)}::text`;
  switch (c.op) {
    case 'is_set':
      return has(undefined);
    case 'not_set':
      return sql`not ${has(undefined)}`;
    case 'eq':
      return has(equals(v));
    case 'ne':
      // "is not X": players whose tag is anything else or not set.
      return sql`not ${has(equals(v))}`;
    case 'in': {
      const values = v as (string | number)[];
      return typeof values[0] === 'number'
        ? has(sql`tv.value_num in (${list(values, sql`::float8`)})`)
        : has(sql`tv.value_text in (${list(values, sql`::text`)})`);
    }
    case 'before':
      return has(sql`tv.value_time < ${instant(v)}`);
    case 'after':
      return has(sql`tv.value_time > ${instant(v)}`);
    default:
      return has(sql`tv.value_num ${numberOp(c.op)} ${sql`${Number(v)}::float8`}`);
  }
}

/**
 * An event aggregate over the last `days` days, or "no sign-in for N days". "At least X" reads the
 * events once, grouped by player (`p.id in (… group by player having …)`), not once per player;
 * "fewer than X" is its complement. At least 0 holds for everyone, fewer than 0 for no one.
 */
function eventCondition(productId: number, c: RuleCondition): SQL {
  if (c.field === 'event.no_login') {
    return sql`(p.last_login_at is null or p.last_login_at < ${daysAgo(c.value)})`;
  }
  const atLeast = Number(c.value);
  if (atLeast <= 0) return c.op === 'lt' ? sql`false` : sql`true`;
  let players: SQL;
  if (c.field === 'event.paid') {
    players = sql`select po.player_id from player_orders po
      where po.product_id = ${productId}::int and po.status <> 'refunded' and po.paid_at >= ${daysAgo(c.days)}
      group by po.player_id having sum(po.amount) >= ${num(atLeast)}`;
  } else if (c.field === 'event.logins') {
    players = sql`select pl.player_id from player_logins pl
      where pl.product_id = ${productId}::int and pl.at >= ${daysAgo(c.days)}
      group by pl.player_id having count(*) >= ${num(atLeast)}`;
  } else {
    throw new RuleError([{ path: [c.field], message: 'rule.unknownField' }]);
  }
  return c.op === 'lt' ? sql`p.id not in (${players})` : sql`p.id in (${players})`;
}

function condition(productId: number, c: RuleCondition): SQL {
  const type = ruleFieldType(c.field);
  if (type === 'tag') return tagCondition(productId, c);
  if (type === 'event') return eventCondition(productId, c);
  if (type && c.field in PLAYER_COLUMNS) {
    return compare(sql`p.${sql.identifier(PLAYER_COLUMNS[c.field]!)}`, type, c);
  }
  if (type && c.field in ROLE_COLUMNS) {
    const column = sql`pr.${sql.identifier(ROLE_COLUMNS[c.field]!)}`;
    return sql`exists (select 1 from player_roles pr where pr.player_id = p.id
      and pr.product_id = ${productId}::int and ${compare(column, type as 'text' | 'number' | 'date', c)})`;
  }
  throw new RuleError([{ path: [c.field], message: 'rule.unknownField' }]);
}

function node(productId: number, n: RuleNode): SQL {
  if (!isRuleGroup(n)) return condition(productId, n);
  if (!n.items.length) return n.op === 'and' ? sql`true` : sql`false`;
  const parts = n.items.map((item) => node(productId, item));
  return sql`(${sql.join(parts, n.op === 'and' ? sql` and ` : sql` or `)})`;
}

/**
 * A boolean SQL expression: whether the player row `p` (a row of `players` of `productId`) matches
 * the rule. Refuses (RuleError) a rule the contract's checks refuse.
 */
export function playerMatchSql(productId: number, rule: Rule): SQL {
  const problems = ruleProblems(rule);
  if (problems.length) throw new RuleError(problems);
  return node(productId, rule);
}
