import type { Popup } from '@rx/contracts';
import type { ExportSpec } from '../../lib/table-io.ts';
import { popupService } from './popups.ts';

type Filters = Parameters<typeof popupService.batch>[2];

/**
 * The pop-up list's export (`GET /api/v1/popups/export`): one row per pop-up as staff read it in
 * the list — its state, scenes, audience, window, priority and caps. Export only: pop-ups are
 * composed on the page (images per orientation and language), not imported from a sheet.
 */
export const popupExporter: ExportSpec<Popup, Filters, null> = {
  name: 'popups',
  headers: [
    'id',
    'name',
    'status',
    'click_action',
    'click_target',
    'scene_ids',
    'user_group_ids',
    'tag_ids',
    'channels',
    'min_version',
    'max_version',
    'start_at',
    'end_at',
    'priority',
    'cap_per_day',
    'cap_per_session',
    'cap_total',
    'created_by',
    'updated_at',
  ],
  prepare: async () => null,
  toCells: (popup) => ({
    id: popup.id,
    name: popup.name,
    status: popup.status,
    click_action: popup.click_action,
    click_target: popup.click_target,
    scene_ids: popup.scene_ids.join(','),
    user_group_ids: popup.user_group_ids.join(','),
    tag_ids: popup.tag_ids.join(','),
    channels: popup.channels.join(','),
    min_version: popup.min_version,
    max_version: popup.max_version,
    start_at: popup.start_at,
    end_at: popup.end_at,
    priority: popup.priority,
    cap_per_day: popup.cap_per_day,
    cap_per_session: popup.cap_per_session,
    cap_total: popup.cap_total,
    created_by: popup.created_by,
    updated_at: popup.updated_at,
  }),
  batch: (db, scope, filters, afterId, limit) => popupService.batch(db, scope, filters, afterId, limit),
};
