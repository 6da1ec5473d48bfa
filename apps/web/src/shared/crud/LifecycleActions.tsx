import { useState } from 'react';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { isPendingApproval, useApprovalNotice } from '@/shared/approval-notice.tsx';
import { useMessage } from '@/shared/feedback.tsx';
import { http } from '@/shared/http.ts';
import { useResourceMutations } from './resource.ts';
import type { BulkAction } from './ResourceListPage.tsx';

/**
 * A row's lifecycle buttons (publish, send, recall, end…): each asks for confirmation, posts
 * `/<resource>/<id>/<action>` with the row's version, and then says it is done, or that it waits
 * for a second person (HTTP 202), and reloads the list. An error's toast (422001 names the state,
 * 409001 asks to reload) comes from `http`. Labels come from the page's namespace:
 * `actions.<action>`, `confirm.<action>` (with `{{name}}`) and `done.<action>`.
 */
export function LifecycleActions<Action extends string>({
  resource,
  row,
  actions,
  ns,
  name,
  danger = [],
  testIdPrefix,
  query,
}: {
  /** The resource's API name (`mails`): its list is reloaded afterwards. */
  resource: string;
  row: { id: number; version: number };
  /** The actions the row's state offers (the server checks them again). */
  actions: readonly Action[];
  ns: string;
  /** The row's name in the confirmation. */
  name: string;
  /** Actions that cannot be undone (end, a mail's recall): red, and confirmed with a red button. */
  danger?: readonly Action[];
  /** `data-testid` of each button: `<prefix>-<action>`. */
  testIdPrefix: string;
  /** Query parameters the request carries (a dimensioned resource's value). */
  query?: Record<string, string>;
}) {
  const { t } = useTranslation(ns);
  const message = useMessage();
  const approvalSent = useApprovalNotice();
  const { refresh } = useResourceMutations(resource, query);
  const [busy, setBusy] = useState<Action | null>(null);

  async function run(action: Action) {
    setBusy(action);
    try {
      const answer = await http.post(`/${resource}/${row.id}/${action}`, { version: row.version }, { query });
      if (isPendingApproval(answer)) approvalSent(answer);
      else void message.success(t(`done.${action}`));
    } catch {
      // The error toast says why.
    } finally {
      setBusy(null);
      void refresh();
    }
  }

  return actions.map((action) => (
    <Popconfirm
      key={action}
      title={t(`confirm.${action}`, { name })}
      onConfirm={() => run(action)}
      // What cannot be undone is confirmed with a red button.
      okButtonProps={{ danger: danger.includes(action) }}
    >
      <Button
        type="link"
        size="small"
        danger={danger.includes(action)}
        loading={busy === action}
        data-testid={`${testIdPrefix}-${action}`}
      >
        {t(`actions.${action}`)}
      </Button>
    </Popconfirm>
  ));
}

/**
 * A lifecycle action for the selected rows of a list (`ResourceListPage`'s `bulkActions`): each row
 * the action applies to is posted with its version, quietly (the page tallies the outcome).
 */
export function lifecycleBulk<Row extends { id: number; version: number }>(
  resource: string,
  action: string,
  options: Pick<BulkAction<Row>, 'label' | 'confirm' | 'applies' | 'danger'> & {
    /** Query parameters each request carries (a dimensioned resource's value). */
    query?: Record<string, string>;
  },
): BulkAction<Row> {
  const { query, ...shown } = options;
  return {
    key: action,
    ...shown,
    run: async (row) => {
      await http.post(`/${resource}/${row.id}/${action}`, { version: row.version }, { silent: true, query });
    },
  };
}
