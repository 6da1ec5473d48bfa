import type { PushTask } from '@rx/contracts';
import type { ExportSpec } from '../../lib/table-io.ts';
import { pushTaskService } from './tasks.ts';

type Filters = Parameters<typeof pushTaskService.batch>[2];

/** The layers chosen per group, `group:layer|layer` joined with `,` (a group reached whole is not listed). */
export function groupLayersCell(list: PushTask['user_group_layers']): string {
  return list
    .filter((g) => g.layers.length)
    .map((g) => `${g.group_id}:${g.layers.join('|')}`)
    .join(',');
}

/**
 * The push task list's export (`GET /api/v1/push-tasks/export`): one row per task with its state,
 * audience, send time and delivery counts. Export only: tasks are composed on the page.
 */
export const pushTaskExporter: ExportSpec<PushTask, Filters, null> = {
  name: 'push-tasks',
  headers: [
    'id',
    'name',
    'kind',
    'template_id',
    'page',
    'status',
    'title_zh',
    'body_zh',
    'target',
    'user_group_ids',
    'user_group_layers',
    'openids',
    'providers',
    'countries',
    'send_at',
    'targeted',
    'sent',
    'failed',
    'invalid_tokens',
    'created_by',
    'updated_at',
  ],
  prepare: async () => null,
  toCells: (task) => ({
    id: task.id,
    name: task.name,
    kind: task.kind,
    template_id: task.template_id,
    page: task.page,
    status: task.status,
    title_zh: task.title.zh,
    body_zh: task.body.zh,
    target: task.target,
    user_group_ids: task.user_group_ids.join(','),
    user_group_layers: groupLayersCell(task.user_group_layers),
    openids: task.openids.length,
    providers: task.providers.join(','),
    countries: task.countries.join(','),
    send_at: task.send_at,
    targeted: task.targeted,
    sent: task.sent,
    failed: task.failed,
    invalid_tokens: task.invalid_tokens,
    created_by: task.created_by,
    updated_at: task.updated_at,
  }),
  batch: (db, scope, filters, afterId, limit) => pushTaskService.batch(db, scope, filters, afterId, limit),
};
