import { createHash } from 'node:crypto';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  ErrorCode,
  userGroupsResource,
  validationMessage,
  type Rule,
  type UserGroup,
  type UserGroupLayer,
  type UserGroupLayerCount,
  type UserGroupMember,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { ApiError } from '../../lib/api-error.ts';
import { contains, runList, sortOrder, type ListPage } from '../../lib/list.ts';
import { logChange } from '../../lib/operation-log.ts';
import { FieldProblems } from '../../lib/problems.ts';
import { resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { queryRows, stamps } from '../../lib/rows.ts';
import { playerMatchSql } from '../../lib/player-rules.ts';
import { checkRuleTags } from '../profile-tags/index.ts';
import { userGroups } from './tables.ts';
import { inGame, rowInGame } from '../../lib/scope.ts';

type Row = typeof userGroups.$inferSelect;
const resource = userGroupsResource;

export const toGroup = (row: Row): UserGroup => ({
  id: row.id,
  product_id: row.productId,
  uuid: row.uuid,
  name: row.name,
  label: row.label,
  description: row.description,
  kind: row.kind,
  rule: row.rule ?? null,
  file_id: row.fileId,
  refresh: row.refresh,
  state: row.state,
  member_count: row.memberCount,
  materialized_at: row.materializedAt?.toISOString() ?? null,
  error: row.error,
  job_id: row.jobId,
  layers: row.layers,
  layer_salt: row.layerSalt,
  ...stamps(row),
});

async function checkFile(db: Db, scope: Scope, fileId: string): Promise<void> {
  const rows = await queryRows(
    db,
    sql`select 1 from files where id = ${fileId} and cp_id = ${scope.cpId}::int and use = 'openid_list'`,
  );
  if (!rows.length) {
    throw new ApiError(ErrorCode.INVALID_INPUT, {
      fields: { file_id: validationMessage('unknown_ref', scope.lang) },
    });
  }
}

export const groupImpl: ResourceImpl<typeof resource, typeof userGroups, UserGroup, null> = {
  table: userGroups,
  toItem: toGroup,
  nameOf: (row) => row.label,
  where: (f) => [
    f.q ? sql`(${contains(userGroups.name, f.q)} or ${contains(userGroups.label, f.q)})` : undefined,
    f.kind ? eq(userGroups.kind, f.kind) : undefined,
    f.state ? eq(userGroups.state, f.state) : undefined,
  ],
  columns: (input) => ({
    name: input.name,
    label: input.label,
    description: input.description,
    kind: input.kind,
    rule: input.rule,
    fileId: input.file_id,
    refresh: input.refresh,
  }),
  immutable: ['name', 'kind'],
  unique: { user_groups_product_name: 'name' },
  async check(db, scope, input, before) {
    const kind = input.kind ?? before?.kind;
    const problems = new FieldProblems(scope.lang);
    if (kind === 'rule' && input.rule === null) problems.add('rule', 'required');
    if (kind === 'list' && !before && !input.file_id) problems.add('file_id', 'required');
    problems.throwIfAny();
    if (kind === 'rule' && input.rule) await checkRuleTags(db, scope, input.rule);
    if (kind === 'list' && input.file_id) await checkFile(db, scope, input.file_id);
  },
};

export const groupService = resourceService(resource, groupImpl);

/** A group of the caller's CP and product, or 404. */
export async function groupInScope(db: Db, scope: Scope, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(userGroups)
    .where(rowInGame(userGroups, scope, id));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return row;
}

/** A group by its name or its uuid (the layers and members pages' addresses). */
export async function groupByKey(db: Db, scope: Scope, key: string): Promise<UserGroup> {
  const [row] = await db
    .select()
    .from(userGroups)
    .where(and(inGame(userGroups, scope), sql`(${userGroups.name} = ${key} or ${userGroups.uuid} = ${key})`));
  if (!row) throw new ApiError(ErrorCode.NOT_FOUND);
  return toGroup(row);
}

/** How many of the product's players a rule matches now. */
export async function previewCount(db: Db, productId: number, rule: Rule): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from players p where p.product_id = ${productId}::int and ${playerMatchSql(productId, rule)}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * A member's bucket (0–99): the first 32 bits of md5(openid ':' salt), so the same on every PostgreSQL
 * server, and the same for a player whatever else changes in the group.
 */
export const bucketSql = (openid: SQL, salt: SQL) =>
  sql`(('x' || substr(md5(${openid} || ':' || ${salt}), 1, 8))::bit(32)::bigint % 100)::smallint`;

/** The same bucket as `bucketSql`, computed here: the first 32 bits of md5(openid ':' salt), unsigned, mod 100. */
export function bucketOf(openid: string, salt: string): number {
  return createHash('md5').update(`${openid}:${salt}`, 'utf8').digest().readUInt32BE(0) % 100;
}

/** The bucket range [from, to) of each layer, in order. */
export function layerRanges(layers: UserGroupLayer[]): { layer: UserGroupLayer; from: number; to: number }[] {
  let from = 0;
  return layers.map((layer) => {
    const range = { layer, from, to: from + layer.percent };
    from = range.to;
    return range;
  });
}

/** The layers with their member counts (one grouped read over the buckets). */
export async function layerCounts(db: Db, row: Row): Promise<UserGroupLayerCount[]> {
  const rows = await queryRows<{ bucket: number; n: number }>(
    db,
    sql`select bucket, count(*)::int as n from user_group_members where group_id = ${row.id}::int group by bucket`,
  );
  return layerRanges(row.layers).map(({ layer, from, to }) => ({
    ...layer,
    count: rows.filter((r) => r.bucket >= from && r.bucket < to).reduce((sum, r) => sum + Number(r.n), 0),
  }));
}

export async function setLayers(
  db: Db,
  scope: Scope,
  id: number,
  layers: UserGroupLayer[],
  version: number,
): Promise<UserGroup> {
  return db.transaction(async (tx) => {
    const before = await groupInScope(tx as Db, scope, id);
    const [row] = await tx
      .update(userGroups)
      .set({ layers, version: sql`${userGroups.version} + 1`, updatedAt: new Date() })
      .where(and(eq(userGroups.id, id), eq(userGroups.version, version)))
      .returning();
    if (!row) throw new ApiError(ErrorCode.CONFLICT);
    await logChange(tx as Db, scope, {
      action: 'update',
      targetType: 'user_group',
      targetId: row.id,
      targetName: row.label,
      before: { layers: before.layers },
      after: { layers: row.layers },
    });
    return toGroup(row);
  });
}

/** The members filter: the layer's bucket range and a keyword on openid or nickname. */
function memberWhere(row: Row, filters: { q?: string; layer?: string }, scope: Scope): SQL {
  const parts: SQL[] = [sql`m.group_id = ${row.id}::int`];
  if (filters.layer) {
    const range = layerRanges(row.layers).find((r) => r.layer.key === filters.layer);
    if (!range) {
      throw new ApiError(ErrorCode.INVALID_INPUT, {
        fields: { layer: validationMessage('unknown_ref', scope.lang) },
      });
    }
    parts.push(sql`m.bucket >= ${range.from}::int and m.bucket < ${range.to}::int`);
  }
  if (filters.q) {
    const like = `${filters.q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;
    parts.push(sql`(lower(p.openid) like ${like} or lower(p.nickname) like ${like})`);
  }
  return sql.join(parts, sql` and `);
}

const MEMBER_SORTS: Record<string, SQL> = {
  openid: sql`p.openid`,
  last_login_at: sql`p.last_login_at`,
  paid_total: sql`p.paid_total`,
};

type MemberRow = {
  player_id: number;
  openid: string;
  nickname: string;
  channel: string;
  region: string;
  last_login_at: string | Date | null;
  paid_total: number;
  bucket: number;
};

function toMember(row: Row): (r: MemberRow) => UserGroupMember {
  const ranges = layerRanges(row.layers);
  return (r) => ({
    player_id: Number(r.player_id),
    openid: r.openid,
    nickname: r.nickname,
    channel: r.channel,
    region: r.region,
    last_login_at: r.last_login_at ? new Date(r.last_login_at).toISOString() : null,
    paid_total: Number(r.paid_total),
    layer: ranges.find((x) => r.bucket >= x.from && r.bucket < x.to)?.layer.key ?? null,
  });
}

const MEMBER_COLUMNS = sql`m.player_id, p.openid, p.nickname, p.channel, p.region, p.last_login_at, p.paid_total, m.bucket`;

export async function listMembers(
  db: Db,
  scope: Scope,
  id: number,
  query: { page: number; page_size: number; sort?: string; q?: string; layer?: string },
): Promise<ListPage<UserGroupMember>> {
  const row = await groupInScope(db, scope, id);
  const where = memberWhere(row, query, scope);
  const [by, tie] = sortOrder(
    query.sort as never,
    MEMBER_SORTS,
    'openid' as never,
    // The tie-breaker: the player id (a column object is not needed, a fragment orders the same).
    sql`m.player_id` as never,
    scope.lang,
  );
  return runList(
    query,
    async (limit, offset) =>
      (
        await queryRows<MemberRow>(
          db,
          sql`select ${MEMBER_COLUMNS} from user_group_members m join players p on p.id = m.player_id
            where ${where} order by ${by}, ${tie} limit ${limit}::int offset ${offset}::int`,
        )
      ).map(toMember(row)),
    async () => {
      const [n] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from user_group_members m join players p on p.id = m.player_id where ${where}`,
      );
      return Number(n?.n ?? 0);
    },
  );
}

/** Members in player-id batches for the export (keyset: `player_id > after`). */
export async function memberBatch(
  db: Db,
  scope: Scope,
  row: Row,
  filters: { q?: string; layer?: string },
  after: number,
  limit: number,
): Promise<(UserGroupMember & { id: number })[]> {
  const where = memberWhere(row, filters, scope);
  const rows = await queryRows<MemberRow>(
    db,
    sql`select ${MEMBER_COLUMNS} from user_group_members m join players p on p.id = m.player_id
      where ${where} and m.player_id > ${after}::bigint order by m.player_id limit ${limit}::int`,
  );
  return rows.map(toMember(row)).map((m) => ({ ...m, id: m.player_id }));
}
