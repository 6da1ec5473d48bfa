import { useMemo, useState } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { Button, Form, Input, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  CALLBACK_EVENTS,
  CALLBACK_STATUSES,
  callbacksResource,
  type Callback,
  type CallbackCreate,
} from '@rx/contracts/callbacks';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { OfflineTitle } from '../shared/GoingOffline.tsx';
import { DeliveriesDrawer } from './DeliveriesDrawer.tsx';

const NEW_CALLBACK: Partial<CallbackCreate> = {
  name: '',
  url: '',
  events: [],
  secret: '',
  status: 'active',
  description: '',
};

/** A new signing secret: `whsec_` and 32 random URL-safe characters, made in the browser. */
export function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const text = btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');
  return `whsec_${text}`;
}

/** The signing secret: required for a new endpoint; on an existing one, a new value rotates it. */
function SecretField({ editing }: { editing: Callback | null }) {
  const { t } = useTranslation('callbacks');
  const form = Form.useFormInstance();
  const generate = () => {
    form.setFieldValue('secret', newSecret());
    void form.validateFields(['secret']).catch(() => undefined);
  };
  return (
    <Form.Item
      label={editing ? t('newSecret') : t('secret')}
      required={!editing}
      extra={editing ? t('rotateHint', { hint: editing.secret_hint }) : t('secretHint')}
    >
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="secret" noStyle>
          <Input
            id="callback-secret"
            aria-label={editing ? t('newSecret') : t('secret')}
            maxLength={128}
            autoComplete="off"
            spellCheck={false}
          />
        </Form.Item>
        <Button onClick={generate}>{t('generate')}</Button>
      </Space.Compact>
    </Form.Item>
  );
}

/** The fields of one endpoint. */
function CallbackForm({ editing }: { editing: Callback | null }) {
  const { t } = useTranslation('callbacks');
  return (
    <>
      <Form.Item name="name" htmlFor="callback-name" label={t('name')} required>
        <Input id="callback-name" maxLength={64} />
      </Form.Item>
      <Form.Item name="url" htmlFor="callback-url" label={t('url')} required extra={t('urlHint')}>
        <Input id="callback-url" maxLength={500} inputMode="url" placeholder="https://" />
      </Form.Item>
      <Form.Item name="events" htmlFor="callback-events" label={t('events')} required>
        <Select
          id="callback-events"
          mode="multiple"
          options={crud.enumOptions(t, CALLBACK_EVENTS, 'eventNames')}
        />
      </Form.Item>
      <SecretField editing={editing} />
      <crud.StatusField extra={editing?.disabled_reason === 'failures' ? t('enableHint') : undefined} />
      <Form.Item name="description" htmlFor="callback-description" label={t('description')}>
        <Input.TextArea id="callback-description" maxLength={200} rows={2} />
      </Form.Item>
    </>
  );
}

/** An endpoint's status, with why it is disabled and since when it fails. */
function StatusTag({ row }: { row: Callback }) {
  const { t } = useTranslation('callbacks');
  if (row.status === 'disabled')
    return (
      <Tag color={row.disabled_reason === 'failures' ? 'error' : 'default'}>
        {row.disabled_reason === 'failures' ? t('disabledByFailures') : t('crud:status.disabled')}
      </Tag>
    );
  if (row.failing_since)
    return (
      <Tooltip title={t('failingSince', { at: formatDateTime(row.failing_since) })}>
        <Tag color="warning">{t('failing')}</Tag>
      </Tooltip>
    );
  return <Tag color="success">{t('crud:status.active')}</Tag>;
}

/**
 * Callbacks (`offline/see/callback`): a game's webhook endpoints (address, subscribed events, the
 * signing secret and its rotation), each with its delivery log (status, attempts, replay).
 */
export function CallbacksPage() {
  const { t } = useTranslation('callbacks');
  const [logOf, setLogOf] = useState<Callback | null>(null);
  const columns = useMemo<ColumnsType<Callback>>(
    () => [
      { title: t('name'), dataIndex: 'name', width: 160, sorter: true, ellipsis: true },
      {
        title: t('url'),
        dataIndex: 'url',
        width: 240,
        render: (url: string) => (
          <Typography.Text style={{ maxWidth: 220 }} ellipsis={{ tooltip: url }}>
            {url}
          </Typography.Text>
        ),
      },
      {
        title: t('events'),
        dataIndex: 'events',
        width: 220,
        render: (events: Callback['events']) =>
          events.map((event) => <Tag key={event}>{t(`eventNames.${event}`)}</Tag>),
      },
      {
        title: t('crud:field.status'),
        dataIndex: 'status',
        width: 130,
        sorter: true,
        render: (_: unknown, row) => <StatusTag row={row} />,
      },
      {
        title: t('secretColumn'),
        dataIndex: 'secret_hint',
        width: 110,
        render: (hint: string) => <Typography.Text code>…{hint}</Typography.Text>,
      },
      {
        title: t('lastDelivery'),
        dataIndex: 'last_delivery_at',
        width: 170,
        render: (at: string | null) => (at ? formatDateTime(at) : '—'),
      },
      crud.updatedAtColumn<Callback>(t),
    ],
    [t],
  );

  return (
    <>
      <ResourceListPage<Callback>
        resource={callbacksResource}
        title={<OfflineTitle title={t('menu:page.callback')} />}
        columns={columns}
        actionsWidth={200}
        search={[
          crud.enumSearch(t, 'status', t('crud:field.status'), CALLBACK_STATUSES, 'crud:status'),
          crud.enumSearch(t, 'event', t('event'), CALLBACK_EVENTS, 'eventNames'),
        ]}
        newFields={NEW_CALLBACK}
        editValues={(row) => ({ ...row, secret: undefined })}
        nameOf={(row) => row.name}
        form={(editing) => <CallbackForm editing={editing === 'new' ? null : editing} />}
        rowActions={(row) => (
          <Button type="link" size="small" onClick={() => setLogOf(row)}>
            {t('deliveries')}
          </Button>
        )}
      />
      <DeliveriesDrawer endpoint={logOf} onClose={() => setLogOf(null)} />
    </>
  );
}
