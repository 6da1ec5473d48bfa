import { and, eq, gt, or, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CHANNEL_SORTS,
  Channel,
  channelCreateBody,
  channelListQuery,
  channelUpdateBody,
} from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import { billingPoints } from '../billing-points/tables.ts';
import type { Scope } from '../../lib/access.ts';
import { deleteOrDisable } from '../../lib/delete.ts';
import { contains, countWhere, runList, sortOrder, type ListPage } from '../../lib/list.ts';
import { logChange } from '../../lib/operation-log.ts';
import { FieldProblems, inTransaction, type Usage } from '../../lib/problems.ts';
import { inScope, rowInScope } from '../../lib/scope.ts';
import { findOr404, updateVersioned } from '../../lib/versioned.ts';
import { channels, subChannels } from './tables.ts';

type Row = typeof channels.$inferSelect;
type Query = z.output<typeof channelListQuery>;
export type ChannelFilters = Omit<Query, 'page' | 'page_size' | 'sort'>;
export type ChannelInput = z.output<typeof channelCreateBody>;
export type ChannelChanges = z.output<typeof channelUpdateBody>;

const SORT: Record<(typeof CHANNEL_SORTS)[number], AnyColumn> = {
  id: channels.id,
  code: channels.code,
  name: channels.name,
  kind: channels.kind,
  status: channels.status,
  created_at: channels.createdAt,
  updated_at: channels.updatedAt,
};

export function toChannel(row: Row): Channel {
  return {
    id: row.id,
    product_id: row.productId,
    code: row.code,
    name: row.name,
    kind: row.kind,
    status: row.status,
    version: row.version,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function channelWhere(scope: Scope, f: ChannelFilters): SQL {
  return and(
    inScope(channels, scope),
    f.q ? or(contains(channels.code, f.q), contains(channels.name, f.q)) : undefined,
    f.kind ? eq(channels.kind, f.kind) : undefined,
    f.status ? eq(channels.status, f.status) : undefined,
  )!;
}

export function listChannels(db: Db, scope: Scope, query: Query): Promise<ListPage<Channel>> {
  const where = channelWhere(scope, query);
  return runList(
    query,
    async (limit, offset) =>
      (
        await db
          .select()
          .from(channels)
          .where(where)
          .orderBy(...sortOrder(query.sort, SORT, 'id', channels.id, scope.lang))
          .limit(limit)
          .offset(offset)
      ).map(toChannel),
    () => countWhere(db, channels, where),
  );
}

export async function channelBatch(db: Db, scope: Scope, f: ChannelFilters, afterId: number, limit: number) {
  const rows = await db
    .select()
    .from(channels)
    .where(and(channelWhere(scope, f), gt(channels.id, afterId)))
    .orderBy(channels.id)
    .limit(limit);
  return rows.map(toChannel);
}

export async function getChannel(db: Db, scope: Scope, id: number): Promise<Channel> {
  return toChannel(await findOr404(db, channels, rowInScope(channels, scope, id)));
}

async function checkCode(db: Db, scope: Scope, code: string | undefined, exceptId = 0): Promise<void> {
  if (code === undefined) return;
  const [taken] = await db
    .select({ id: channels.id })
    .from(channels)
    .where(and(inScope(channels, scope), eq(channels.code, code)));
  if (taken && taken.id !== exceptId) new FieldProblems(scope.lang).add('code', 'taken').throwIfAny();
}

const UNIQUE = { channels_product_code: 'code' };

export function createChannel(db: Db, scope: Scope, input: ChannelInput): Promise<Channel> {
  return inTransaction(
    db,
    scope.lang,
    async (tx) => {
      await checkCode(tx, scope, input.code);
      const [row] = await tx
        .insert(channels)
        .values({ ...input, cpId: scope.cpId, productId: scope.productId! })
        .returning();
      const item = toChannel(row!);
      await logChange(tx, scope, {
        action: 'create',
        targetType: 'channel',
        targetId: row!.id,
        targetName: row!.name,
        after: item,
      });
      return item;
    },
    UNIQUE,
  );
}

export function updateChannel(db: Db, scope: Scope, id: number, input: ChannelChanges): Promise<Channel> {
  return inTransaction(
    db,
    scope.lang,
    async (tx) => {
      const target = rowInScope(channels, scope, id);
      const before = await findOr404(tx, channels, target);
      await checkCode(tx, scope, input.code, id);
      const { version, ...changes } = input;
      const row = await updateVersioned(tx, channels, target, version, changes);
      const item = toChannel(row);
      await logChange(tx, scope, {
        action: 'update',
        targetType: 'channel',
        targetId: id,
        targetName: row.name,
        before: toChannel(before),
        after: item,
      });
      return item;
    },
    UNIQUE,
  );
}

async function channelUsage(db: Db, id: number): Promise<Usage[]> {
  const usage = [
    { type: 'sub_channel', count: await countWhere(db, subChannels, eq(subChannels.channelId, id)) },
    { type: 'billing_point', count: await countWhere(db, billingPoints, eq(billingPoints.channelId, id)) },
  ];
  return usage.filter((u) => u.count > 0);
}

/** Deletes a channel without sub-channels or billing points; one in use is disabled (422001). */
export function deleteChannel(db: Db, scope: Scope, id: number): Promise<{ deleted: true }> {
  return deleteOrDisable(db, scope, {
    table: channels,
    target: rowInScope(channels, scope, id),
    targetType: 'channel',
    usage: (tx) => channelUsage(tx, id),
    isDisabled: (row) => row.status === 'disabled',
    disable: { status: 'disabled' },
    describe: (row) => ({ name: row.name, item: toChannel(row) }),
  });
}
