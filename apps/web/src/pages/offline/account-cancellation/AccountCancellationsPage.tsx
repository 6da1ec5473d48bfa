import { useMemo } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { Descriptions, Form, Input, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CANCELLATION_STATES,
  accountCancellationsResource,
  type Cancellation,
  type CancellationState,
} from '@rx/contracts/account-cancellations';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { OfflineTitle } from '../shared/GoingOffline.tsx';

const STATE_COLOR: Record<CancellationState, string> = {
  cooling_off: 'processing',
  withdrawn: 'default',
  erased: 'success',
  erasing: 'warning',
};

/** Filing a request for a player (customer service, on the player's behalf). */
function NewRequestForm() {
  const { t } = useTranslation('accountCancellations');
  return (
    <>
      <Typography.Paragraph type="secondary">{t('newHint')}</Typography.Paragraph>
      <Form.Item name="openid" htmlFor="cancel-openid" label={t('openid')} required>
        <Input id="cancel-openid" maxLength={128} spellCheck={false} />
      </Form.Item>
      <Form.Item name="note" htmlFor="cancel-note" label={t('note')}>
        <Input.TextArea id="cancel-note" maxLength={200} rows={2} />
      </Form.Item>
    </>
  );
}

/** A request cooling off: its legal hold and note. */
function HoldForm() {
  const { t } = useTranslation('accountCancellations');
  const held = Form.useWatch<boolean>('legal_hold');
  return (
    <>
      <crud.SwitchField
        name="legal_hold"
        id="cancel-hold"
        label={t('legalHold')}
        extra={t('legalHoldHint')}
      />
      {held && (
        <Form.Item name="hold_reason" htmlFor="cancel-hold-reason" label={t('holdReason')}>
          <Input id="cancel-hold-reason" maxLength={200} />
        </Form.Item>
      )}
      <Form.Item name="note" htmlFor="cancel-note" label={t('note')}>
        <Input.TextArea id="cancel-note" maxLength={200} rows={2} />
      </Form.Item>
    </>
  );
}

/** What the erasure did: table by table, rows deleted and anonymised. */
function Receipt({ row }: { row: Cancellation }) {
  const { t } = useTranslation('accountCancellations');
  if (!row.receipt) return <Typography.Text type="secondary">{t('noReceipt')}</Typography.Text>;
  return (
    <Descriptions size="small" column={1} bordered title={t('receipt')} data-testid="cancel-receipt">
      <Descriptions.Item label={t('erasedAt')}>{formatDateTime(row.receipt.erased_at)}</Descriptions.Item>
      <Descriptions.Item label={t('pseudonym')}>
        <Typography.Text code>{row.receipt.pseudonym}</Typography.Text>
      </Descriptions.Item>
      {Object.entries(row.receipt.tables).map(([table, counts]) => (
        <Descriptions.Item key={table} label={<code>{table}</code>}>
          {t('receiptCounts', { deleted: counts.deleted, anonymised: counts.anonymised })}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

/**
 * Account cancellation (`offline/see/account_cancellation`): players' requests, each cooling off
 * until its day (a sign-in withdraws it), then erased with a receipt; a legal hold stops the erasure.
 */
export function AccountCancellationsPage() {
  const { t } = useTranslation('accountCancellations');
  const columns = useMemo<ColumnsType<Cancellation>>(
    () => [
      {
        title: t('openid'),
        dataIndex: 'openid',
        width: 200,
        render: (openid: string) => <Typography.Text copyable>{openid}</Typography.Text>,
      },
      {
        title: t('state'),
        dataIndex: 'status',
        width: 150,
        render: (status: CancellationState, row) => (
          <>
            <Tag color={STATE_COLOR[status]}>{t(`states.${status}`)}</Tag>
            {row.legal_hold && (
              <Tag color="red" title={row.hold_reason}>
                {t('held')}
              </Tag>
            )}
          </>
        ),
      },
      {
        title: t('source'),
        dataIndex: 'source',
        width: 100,
        render: (source: Cancellation['source']) => t(`sources.${source}`),
      },
      {
        title: t('requestedAt'),
        dataIndex: 'requested_at',
        width: 170,
        sorter: true,
        render: (at: string) => formatDateTime(at),
      },
      {
        title: t('eraseAt'),
        dataIndex: 'erase_at',
        width: 170,
        sorter: true,
        render: (at: string, row) =>
          row.status === 'erased' && row.receipt
            ? formatDateTime(row.receipt.erased_at)
            : row.status === 'withdrawn' && row.withdrawn_at
              ? `${t('withdrawnAt')} ${formatDateTime(row.withdrawn_at)}`
              : formatDateTime(at),
      },
      { title: t('note'), dataIndex: 'note', width: 160, ellipsis: true },
      crud.updatedAtColumn<Cancellation>(t),
    ],
    [t],
  );

  return (
    <ResourceListPage<Cancellation>
      resource={accountCancellationsResource}
      title={<OfflineTitle title={t('menu:page.accountCancellation')} />}
      columns={columns}
      search={[
        crud.enumSearch(t, 'status', t('state'), CANCELLATION_STATES, 'states'),
        { name: 'openid', label: t('openid') },
        crud.enumSearch(t, 'legal_hold', t('legalHold'), ['true', 'false'], 'holdChoices'),
      ]}
      newItem={NEW_REQUEST}
      editValues={holdValues}
      nameOf={(row) => row.openid}
      form={(editing) => (editing === 'new' ? <NewRequestForm /> : <HoldForm />)}
      rowRule={(row) =>
        row.status === 'cooling_off' ? {} : { edit: false, note: t(`closed.${row.status}`) }
      }
      expandable={{
        expandedRowRender: (row) => <Receipt row={row} />,
        rowExpandable: (row) => row.status === 'erased',
      }}
    />
  );
}

const NEW_REQUEST = { openid: '', note: '' };

/** What the hold form edits of a request (with the version it was read at). */
const holdValues = (row: Cancellation) => ({
  legal_hold: row.legal_hold,
  hold_reason: row.hold_reason,
  note: row.note,
  version: row.version,
});
