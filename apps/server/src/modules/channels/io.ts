import { channelCreateBody, subChannelCreateBody, type Channel, type SubChannel } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { parseCell, timeCell } from '../../lib/cells.ts';
import type { ImportSpec } from '../../lib/import.ts';
import { inScope } from '../../lib/scope.ts';
import type { ExportSpec } from '../../lib/table-io.ts';
import {
  channelBatch,
  createChannel,
  toChannel,
  updateChannel,
  type ChannelFilters,
  type ChannelInput,
} from './channel-service.ts';
import {
  createSubChannel,
  subChannelBatch,
  updateSubChannel,
  type SubChannelFilters,
  type SubChannelInput,
} from './sub-channel-service.ts';
import { channels } from './tables.ts';

const CHANNEL_COLUMNS = ['name', 'kind', 'status'] as const;

/** Channels as a sheet, keyed by code. */
export const channelTable: ExportSpec<Channel, ChannelFilters, null> &
  ImportSpec<Channel, ChannelInput, null> = {
  name: 'channels',
  headers: ['id', 'code', ...CHANNEL_COLUMNS, 'version', 'created_at', 'updated_at'],
  key: 'code',
  columns: CHANNEL_COLUMNS,
  schema: channelCreateBody,
  prepare: async () => null,
  toCells: (c) => ({
    id: c.id,
    code: c.code,
    name: c.name,
    kind: c.kind,
    status: c.status,
    version: c.version,
    created_at: timeCell(c.created_at),
    updated_at: timeCell(c.updated_at),
  }),
  fromCells: (cells) => ({
    code: parseCell.text(cells.code),
    name: parseCell.text(cells.name),
    kind: parseCell.text(cells.kind),
    status: parseCell.text(cells.status) || undefined,
  }),
  batch: channelBatch,
  existing: async (db, scope) =>
    (await db.select().from(channels).where(inScope(channels, scope))).map(toChannel),
  keyOf: (c) => c.code,
  create: (db, scope, input) => createChannel(db, scope, input),
  update: (db, scope, item, input) => updateChannel(db, scope, item.id, { ...input, version: item.version }),
};

interface Codes {
  byCode: Map<string, number>;
  byId: Map<number, string>;
}

/** The product's channels by code and by id, for sheets that name a channel by its code. */
async function channelCodes(db: Db, scope: Scope): Promise<Codes> {
  const rows = await db
    .select({ id: channels.id, code: channels.code })
    .from(channels)
    .where(inScope(channels, scope));
  return { byCode: new Map(rows.map((r) => [r.code, r.id])), byId: new Map(rows.map((r) => [r.id, r.code])) };
}

const SUB_COLUMNS = ['channel_code', 'name', 'package_id', 'media', 'campaign', 'status'] as const;

/** Sub-channels as a sheet, keyed by their code (the channel string); the channel is named by its code. */
export const subChannelTable: ExportSpec<SubChannel, SubChannelFilters, Codes> &
  ImportSpec<SubChannel, SubChannelInput, Codes> = {
  name: 'sub-channels',
  headers: ['id', 'code', ...SUB_COLUMNS, 'frozen', 'version', 'created_at', 'updated_at'],
  key: 'code',
  columns: SUB_COLUMNS,
  aliases: { channel_id: 'channel_code' },
  schema: subChannelCreateBody,
  prepare: channelCodes,
  toCells: (s, codes) => ({
    id: s.id,
    code: s.code,
    channel_code: codes.byId.get(s.channel_id) ?? s.channel_code,
    name: s.name,
    package_id: s.package_id,
    media: s.media,
    campaign: s.campaign,
    status: s.status,
    frozen: s.frozen,
    version: s.version,
    created_at: timeCell(s.created_at),
    updated_at: timeCell(s.updated_at),
  }),
  fromCells: (cells, codes, problems) => {
    const channel = parseCell.text(cells.channel_code);
    if (channel && !codes.byCode.has(channel)) problems.add('channel_id', 'unknown_ref');
    return {
      channel_id: codes.byCode.get(channel),
      code: parseCell.text(cells.code),
      name: parseCell.text(cells.name),
      package_id: parseCell.text(cells.package_id),
      media: parseCell.text(cells.media),
      campaign: parseCell.text(cells.campaign),
      status: parseCell.text(cells.status) || undefined,
    };
  },
  batch: subChannelBatch,
  existing: (db, scope) => subChannelBatch(db, scope, {}, 0, 1_000_000),
  keyOf: (s) => s.code,
  create: (db, scope, input) => createSubChannel(db, scope, input),
  update: (db, scope, item, input) =>
    updateSubChannel(db, scope, item.id, { ...input, version: item.version }),
};
