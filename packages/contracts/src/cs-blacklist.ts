import { z } from 'zod';
import { isoTime, keyword, rowMeta, safeText, versionField } from './fields.ts';
import { exportQuery, listAnswer, listQuery } from './lists.ts';
import { openidField } from './players.ts';
import { defineResource } from './resource.ts';

/**
 * The service blacklist (`/api/v1/cs-blacklist`, page `/service/blacklist`): players of a game
 * refused customer service until an expiry (none: until the entry is removed). While an entry is
 * active the game API refuses the player a conversation (`cs_blacklisted`, server: `modules/cs`).
 */

const blacklistFields = z.object({
  openid: openidField,
  reason: safeText().trim().max(200),
  /** When the entry ends; null: until it is removed. */
  expires_at: isoTime.nullable(),
});

export const csBlacklistCreateBody = blacklistFields.extend({
  reason: blacklistFields.shape.reason.default(''),
  expires_at: blacklistFields.shape.expires_at.default(null),
});
export type CsBlacklistCreate = z.input<typeof csBlacklistCreateBody>;

export const csBlacklistUpdateBody = blacklistFields.partial().extend({ version: versionField });
export type CsBlacklistUpdate = z.input<typeof csBlacklistUpdateBody>;

export const csBlacklistItem = blacklistFields.extend({
  ...rowMeta,
  /** Whether it still refuses the player (not expired). */
  active: z.boolean(),
});
export type CsBlacklistEntry = z.infer<typeof csBlacklistItem>;

export const CS_BLACKLIST_STATES = ['active', 'expired'] as const;
export const CS_BLACKLIST_SORTS = ['id', 'openid', 'expires_at', 'updated_at'] as const;
export const csBlacklistFilters = {
  /** Part of the openid or the reason. */
  q: keyword,
  state: z.enum(CS_BLACKLIST_STATES).optional(),
};
export const csBlacklistListQuery = listQuery(CS_BLACKLIST_SORTS, csBlacklistFilters);
export const csBlacklistExportQuery = exportQuery(csBlacklistFilters);
export const csBlacklistListAnswer = listAnswer(csBlacklistItem);

export const csBlacklistResource = defineResource({
  name: 'cs-blacklist',
  page: '/service/blacklist',
  scope: 'product',
  logTarget: 'cs_blacklist',
  namespace: 'csBlacklist',
  item: csBlacklistItem,
  create: csBlacklistCreateBody,
  update: csBlacklistUpdateBody,
  list: csBlacklistListQuery,
  export: csBlacklistExportQuery,
  filters: ['q', 'state'],
  sorts: CS_BLACKLIST_SORTS,
  remove: 'delete',
  // One entry per player of a game: a row naming a listed player updates the entry.
  sheet: { key: 'openid', columns: ['reason', 'expires_at'] },
});
