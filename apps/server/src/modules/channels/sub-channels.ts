import { and, eq, inArray } from 'drizzle-orm';
import { subChannelsResource, type SubChannel } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';
import { parseCell, STAMP_HEADERS, stampCells } from '../../lib/cells.ts';
import { containsAny } from '../../lib/list.ts';
import { FieldProblems } from '../../lib/problems.ts';
import { resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { inScope, rowInScope } from '../../lib/scope.ts';
import { channels, subChannels } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

/** Sub-channels: channel strings built into packages. Their code freezes once a package uses them. */

type Row = typeof subChannels.$inferSelect;

interface Codes {
  byCode: Map<string, number>;
  byId: Map<number, string>;
}

/** The product's channels by code and by id, for the sheet, which names a channel by its code. */
async function channelCodes(db: Db, scope: Scope): Promise<Codes> {
  const rows = await db
    .select({ id: channels.id, code: channels.code })
    .from(channels)
    .where(inScope(channels, scope));
  return { byCode: new Map(rows.map((r) => [r.code, r.id])), byId: new Map(rows.map((r) => [r.id, r.code])) };
}

const SHEET_COLUMNS = subChannelsResource.sheet.columns;

export const subChannelImpl: ResourceImpl<typeof subChannelsResource, typeof subChannels, SubChannel, Codes> =
  {
    table: subChannels,
    // The channel's code is filled in by `complete`.
    toItem: (row: Row): SubChannel => ({
      id: row.id,
      product_id: row.productId,
      channel_id: row.channelId,
      channel_code: '',
      code: row.code,
      name: row.name,
      package_id: row.packageId,
      media: row.media,
      campaign: row.campaign,
      status: row.status,
      frozen: row.frozen,
      ...stamps(row),
    }),
    async complete(db, items) {
      const ids = [...new Set(items.map((s) => s.channel_id))];
      if (!ids.length) return items;
      const rows = await db
        .select({ id: channels.id, code: channels.code })
        .from(channels)
        .where(inArray(channels.id, ids));
      const codes = new Map(rows.map((r) => [r.id, r.code]));
      return items.map((s) => ({ ...s, channel_code: codes.get(s.channel_id) ?? '' }));
    },
    nameOf: (row) => row.name,
    where: (f) => [
      containsAny(f.q, subChannels.code, subChannels.name),
      f.channel_id ? eq(subChannels.channelId, f.channel_id) : undefined,
      f.media ? eq(subChannels.media, f.media) : undefined,
      f.status ? eq(subChannels.status, f.status) : undefined,
    ],
    columns: (input) => ({
      channelId: input.channel_id,
      code: input.code,
      name: input.name,
      packageId: input.package_id,
      media: input.media,
      campaign: input.campaign,
      status: input.status,
    }),
    unique: { sub_channels_product_code: 'code' },
    /** Once frozen the code stays; the code is unique in the product; the channel is an active one of it. */
    async check(db, scope, input, before) {
      if (before?.frozen && input.code !== undefined && input.code !== before.code) {
        new FieldProblems(scope.lang).add('code', 'frozen').throwIfAny();
      }
      // Both problems are reported together (the constraint alone would name only the code, later).
      const problems = new FieldProblems(scope.lang);
      if (input.code !== undefined) {
        const [taken] = await db
          .select({ id: subChannels.id })
          .from(subChannels)
          .where(and(inScope(subChannels, scope), eq(subChannels.code, input.code)));
        if (taken && taken.id !== before?.id) problems.add('code', 'taken');
      }
      // An unchanged channel may stay even if it has been disabled since.
      if (input.channel_id !== undefined && input.channel_id !== before?.channelId) {
        const [channel] = await db
          .select({ id: channels.id })
          .from(channels)
          .where(and(rowInScope(channels, scope, input.channel_id), eq(channels.status, 'active')));
        if (!channel) problems.add('channel_id', 'unknown_ref');
      }
      problems.throwIfAny();
    },
    // The packages module (to come) sets `frozen` when it builds a package with this channel string.
    usage: async (_db, _scope, row) => (row.frozen ? [{ type: 'package', count: 1 }] : []),
    disable: { isDisabled: (row) => row.status === 'disabled', set: { status: 'disabled' } },
    sheet: {
      headers: ['id', 'code', ...SHEET_COLUMNS, 'frozen', ...STAMP_HEADERS],
      columns: SHEET_COLUMNS,
      aliases: { channel_id: 'channel_code' },
      prepare: channelCodes,
      keyOf: (s) => s.code,
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
        ...stampCells(s),
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
    },
  };

export const subChannelService = resourceService(subChannelsResource, subChannelImpl);
