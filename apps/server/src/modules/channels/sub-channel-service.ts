import { and, eq, gt, or, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  SUB_CHANNEL_SORTS,
  SubChannel,
  subChannelCreateBody,
  subChannelListQuery,
  subChannelUpdateBody,
} from '@rx/contracts';
import { ErrorCode } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Scope } from '../../lib/access.ts';
import { deleteOrDisable } from '../../lib/delete.ts';
import { contains, countWhere, runList, sortOrder, type ListPage } from '../../lib/list.ts';
import { logChange } from '../../lib/operation-log.ts';
import { FieldProblems, inTransaction } from '../../lib/problems.ts';
import { inScope, rowInScope } from '../../lib/scope.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import { channels, subChannels } from './tables.ts';

/** Sub-channels: channel strings built into packages. Their code freezes once a package uses them. */

type Row = typeof subChannels.$inferSelect;
type Query = z.output<typeof subChannelListQuery>;
export type SubChannelFilters = Omit<Query, 'page' | 'page_size' | 'sort'>;
export type SubChannelInput = z.output<typeof subChannelCreateBody>;
export type SubChannelChanges = z.output<typeof subChannelUpdateBody>;

const SORT: Record<(typeof SUB_CHANNEL_SORTS)[number], AnyColumn> = {
  id: subChannels.id,
  code: subChannels.code,
  name: subChannels.name,
  channel_id: subChannels.channelId,
  media: subChannels.media,
  status: subChannels.status,
  created_at: subChannels.createdAt,
};

export function toSubChannel(row: Row, channelCode: string): SubChannel {
  return {
    id: row.id,
    product_id: row.productId,
    channel_id: row.channelId,
    channel_code: channelCode,
    code: row.code,
    name: row.name,
    package_id: row.packageId,
    media: row.media,
    campaign: row.campaign,
    status: row.status,
    frozen: row.frozen,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function subChannelWhere(scope: Scope, f: SubChannelFilters): SQL {
  return and(
    inScope(subChannels, scope),
    f.q ? or(contains(subChannels.code, f.q), contains(subChannels.name, f.q)) : undefined,
    f.channel_id ? eq(subChannels.channelId, f.channel_id) : undefined,
    f.media ? eq(subChannels.media, f.media) : undefined,
    f.status ? eq(subChannels.status, f.status) : undefined,
  )!;
}

/** Sub-channels with their channel's code. */
function selectWithChannel(db: Db) {
  return db
    .select({ row: subChannels, channelCode: channels.code })
    .from(subChannels)
    .innerJoin(channels, eq(channels.id, subChannels.channelId));
}

export function listSubChannels(db: Db, scope: Scope, query: Query): Promise<ListPage<SubChannel>> {
  const where = subChannelWhere(scope, query);
  return runList(
    query,
    async (limit, offset) =>
      (
        await selectWithChannel(db)
          .where(where)
          .orderBy(...sortOrder(query.sort, SORT, 'id', subChannels.id, scope.lang))
          .limit(limit)
          .offset(offset)
      ).map((r) => toSubChannel(r.row, r.channelCode)),
    () => countWhere(db, subChannels, where),
  );
}

export async function subChannelBatch(
  db: Db,
  scope: Scope,
  f: SubChannelFilters,
  afterId: number,
  limit: number,
) {
  const rows = await selectWithChannel(db)
    .where(and(subChannelWhere(scope, f), gt(subChannels.id, afterId)))
    .orderBy(subChannels.id)
    .limit(limit);
  return rows.map((r) => toSubChannel(r.row, r.channelCode));
}

export async function getSubChannel(db: Db, scope: Scope, id: number): Promise<SubChannel> {
  const [found] = await selectWithChannel(db).where(rowInScope(subChannels, scope, id));
  if (!found) throw new ApiError(ErrorCode.NOT_FOUND);
  return toSubChannel(found.row, found.channelCode);
}

/** The code is unique in the product; the channel must be an active channel of the product. */
async function check(db: Db, scope: Scope, input: Partial<SubChannelInput>, exceptId = 0): Promise<string> {
  const problems = new FieldProblems(scope.lang);
  if (input.code !== undefined) {
    const [taken] = await db
      .select({ id: subChannels.id })
      .from(subChannels)
      .where(and(inScope(subChannels, scope), eq(subChannels.code, input.code)));
    if (taken && taken.id !== exceptId) problems.add('code', 'taken');
  }
  let channelCode = '';
  if (input.channel_id !== undefined) {
    const [channel] = await db
      .select()
      .from(channels)
      .where(and(rowInScope(channels, scope, input.channel_id), eq(channels.status, 'active')));
    if (!channel) problems.add('channel_id', 'unknown_ref');
    channelCode = channel?.code ?? '';
  }
  problems.throwIfAny();
  return channelCode;
}

const UNIQUE = { sub_channels_product_code: 'code' };

export function createSubChannel(db: Db, scope: Scope, input: SubChannelInput): Promise<SubChannel> {
  return inTransaction(
    db,
    scope.lang,
    async (tx) => {
      const channelCode = await check(tx, scope, input);
      const [row] = await tx
        .insert(subChannels)
        .values({
          cpId: scope.cpId,
          productId: scope.productId!,
          channelId: input.channel_id,
          code: input.code,
          name: input.name,
          packageId: input.package_id,
          media: input.media,
          campaign: input.campaign,
          status: input.status,
        })
        .returning();
      const item = toSubChannel(row!, channelCode);
      await logChange(tx, scope, {
        action: 'create',
        targetType: 'sub_channel',
        targetId: row!.id,
        targetName: row!.name,
        after: item,
      });
      return item;
    },
    UNIQUE,
  );
}

/** Edits are logged; once frozen (a package uses it) the code can no longer change. */
export function updateSubChannel(
  db: Db,
  scope: Scope,
  id: number,
  input: SubChannelChanges,
): Promise<SubChannel> {
  return inTransaction(
    db,
    scope.lang,
    async (tx) => {
      const target = rowInScope(subChannels, scope, id);
      const before = await getSubChannel(tx, scope, id);
      if (before.frozen && input.code !== undefined && input.code !== before.code) {
        new FieldProblems(scope.lang).add('code', 'frozen').throwIfAny();
      }
      // An unchanged channel may stay even if it has been disabled since.
      const channelChanges =
        input.channel_id === before.channel_id ? { ...input, channel_id: undefined } : input;
      const channelCode = (await check(tx, scope, channelChanges, id)) || before.channel_code;
      const row = await updateVersioned(tx, subChannels, target, input.version, {
        channelId: input.channel_id,
        code: input.code,
        name: input.name,
        packageId: input.package_id,
        media: input.media,
        campaign: input.campaign,
        status: input.status,
      });
      const item = toSubChannel(row, channelCode);
      await logChange(tx, scope, {
        action: 'update',
        targetType: 'sub_channel',
        targetId: id,
        targetName: row.name,
        before,
        after: item,
      });
      return item;
    },
    UNIQUE,
  );
}

/** A sub-channel a package uses (frozen) is disabled instead of deleted (422001). */
export function deleteSubChannel(db: Db, scope: Scope, id: number): Promise<{ deleted: true }> {
  return deleteOrDisable(db, scope, {
    table: subChannels,
    target: rowInScope(subChannels, scope, id),
    targetType: 'sub_channel',
    // The packages module (to come) sets `frozen` when it builds a package with this channel string.
    usage: async (_tx, row) => (row.frozen ? [{ type: 'package', count: 1 }] : []),
    isDisabled: (row) => row.status === 'disabled',
    disable: { status: 'disabled' },
    describe: (row) => ({ name: row.name, item: toSubChannel(row, '') }),
  });
}
