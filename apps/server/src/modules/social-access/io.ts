import { socialAccessResources, type SocialPolicy } from '@rx/contracts';
import { STAMP_HEADERS, stampCells, timeCell } from '../../lib/cells.ts';
import type { ExportSpec } from '../../lib/table-io.ts';
import { socialPolicyBatch, type SocialPolicyFilters } from './service.ts';

const SWITCHES = [
  'world',
  'private',
  'guild',
  'daily_messages',
  'add',
  'gifting',
  'daily_requests',
  'daily_gifts',
] as const;

/** Access policies of one kind as a sheet (export only); the other kind's columns stay empty. */
export const socialPolicyTable: ExportSpec<SocialPolicy, SocialPolicyFilters, null> = {
  name: socialAccessResources.chat.name,
  headers: [
    'id',
    'kind',
    'region',
    'channel_id',
    ...SWITCHES,
    'min_level',
    'min_account_age_days',
    'real_name_required',
    'adult_required',
    'start_at',
    'end_at',
    'enabled',
    ...STAMP_HEADERS,
  ],
  prepare: async () => null,
  toCells: (p) => {
    const settings: Record<string, boolean | number> = { ...(p.chat ?? {}), ...(p.friend ?? {}) };
    return {
      id: p.id,
      kind: p.kind,
      region: p.region,
      channel_id: p.channel_id,
      ...Object.fromEntries(SWITCHES.map((name) => [name, settings[name] ?? null])),
      min_level: p.min_level,
      min_account_age_days: p.min_account_age_days,
      real_name_required: p.real_name_required,
      adult_required: p.adult_required,
      start_at: timeCell(p.start_at),
      end_at: timeCell(p.end_at),
      enabled: p.enabled,
      ...stampCells(p),
    };
  },
  batch: socialPolicyBatch,
};
