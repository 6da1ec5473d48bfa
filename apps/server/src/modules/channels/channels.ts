import { eq } from 'drizzle-orm';
import { channelsResource, type Channel } from '@rx/contracts';
import { containsAny, countWhere } from '../../lib/list.ts';
import { liveReferences } from '../../lib/references.ts';
import { resourceService, type ResourceImpl } from '../../lib/resource-routes.ts';
import { autoSheet } from '../../lib/sheet.ts';
import { channels, subChannels } from './tables.ts';
import { stamps } from '../../lib/rows.ts';

/** Distribution channels of a product: stores, OEMs (phone makers) and the web. */

type Row = typeof channels.$inferSelect;

export const channelImpl: ResourceImpl<typeof channelsResource, typeof channels, Channel, null> = {
  table: channels,
  toItem: (row: Row): Channel => ({
    id: row.id,
    product_id: row.productId,
    code: row.code,
    name: row.name,
    kind: row.kind,
    status: row.status,
    ...stamps(row),
  }),
  nameOf: (row) => row.name,
  where: (f) => [
    containsAny(f.q, channels.code, channels.name),
    f.kind ? eq(channels.kind, f.kind) : undefined,
    f.status ? eq(channels.status, f.status) : undefined,
  ],
  columns: (input) => ({ code: input.code, name: input.name, kind: input.kind, status: input.status }),
  unique: { channels_product_code: 'code' },
  // A channel with sub-channels or rows of other modules naming it (billing points) is disabled,
  // never deleted.
  usage: async (db, scope, row) => {
    const subs = await countWhere(db, subChannels, eq(subChannels.channelId, row.id));
    return [
      ...(subs ? [{ type: 'sub_channel', count: subs }] : []),
      ...(await liveReferences(db, scope, channelsResource.logTarget, row.id)),
    ];
  },
  disable: { isDisabled: (row) => row.status === 'disabled', set: { status: 'disabled' } },
  sheet: autoSheet<Channel>(channelsResource),
};

export const channelService = resourceService(channelsResource, channelImpl);
