import { LANGUAGES, type Mail } from '@rx/contracts';
import type { Cell } from '../../lib/cells.ts';
import type { ExportSpec } from '../../lib/table-io.ts';
import { mailService } from './mails.ts';

type Filters = Parameters<typeof mailService.batch>[2];

/**
 * The mail list's export (`GET /api/v1/mails/export`): one row per mail as staff read it in the
 * list — its title in every language, state, audience, attachments and times. Export only: mails
 * are composed, not imported.
 */
export const mailExporter: ExportSpec<Mail, Filters, null> = {
  name: 'mails',
  headers: [
    'id',
    ...LANGUAGES.map((lang) => `title.${lang}`),
    'status',
    'target',
    'servers',
    'user_group_ids',
    'recipients',
    'attachments',
    'send_at',
    'expire_at',
    'sent_at',
    'recalled_at',
    'created_by',
    'updated_at',
  ],
  prepare: async () => null,
  toCells: (mail) => {
    const cells: Record<string, Cell> = {
      id: mail.id,
      status: mail.status,
      target: mail.target,
      servers: mail.servers.join(','),
      user_group_ids: mail.user_group_ids.join(','),
      recipients: mail.recipients,
      attachments: mail.attachments.map((a) => `${a.type}:${a.id}x${a.quantity}`).join(','),
      send_at: mail.send_at,
      expire_at: mail.expire_at,
      sent_at: mail.sent_at,
      recalled_at: mail.recalled_at,
      created_by: mail.created_by,
      updated_at: mail.updated_at,
    };
    for (const lang of LANGUAGES) cells[`title.${lang}`] = mail.title[lang] ?? '';
    return cells;
  },
  batch: (db, scope, filters, afterId, limit) => mailService.batch(db, scope, filters, afterId, limit),
};
