import { useMemo } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { Form, Input, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DEBUG_PARAM_STATES,
  DEBUG_TARGET_KINDS,
  debugParamCreateBody,
  debugParamsResource,
  type DebugParam,
  type DebugParamCreate,
} from '@rx/contracts/debug-params';
import * as crud from '@/shared/crud/index.ts';
import { MomentInput } from '@/shared/crud/PickerInputs.tsx';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { OfflineTitle } from '../shared/GoingOffline.tsx';

/** Tomorrow at this time: a new parameter's default expiry. */
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString();

/** The fields of one parameter. */
function DebugParamForm() {
  const { t } = useTranslation('debugParams');
  return (
    <>
      <Form.Item name="target_kind" htmlFor="debug-target-kind" label={t('targetKind')} required>
        <Select id="debug-target-kind" options={crud.enumOptions(t, DEBUG_TARGET_KINDS, 'targetKinds')} />
      </Form.Item>
      <Form.Item name="target" htmlFor="debug-target" label={t('target')} required extra={t('targetHint')}>
        <Input id="debug-target" maxLength={128} spellCheck={false} />
      </Form.Item>
      <Form.Item name="key" htmlFor="debug-key" label={t('key')} required extra={t('keyHint')}>
        <Input id="debug-key" maxLength={64} spellCheck={false} />
      </Form.Item>
      <Form.Item name="value" htmlFor="debug-value" label={t('value')}>
        <Input.TextArea id="debug-value" maxLength={1000} rows={3} spellCheck={false} />
      </Form.Item>
      <Form.Item
        name="expires_at"
        htmlFor="debug-expires"
        label={t('expiresAt')}
        required
        extra={t('expiresHint')}
      >
        {/* Shown in the browser's zone, sent as an ISO time; emptied, the schema says why. */}
        <MomentInput id="debug-expires" />
      </Form.Item>
      <Form.Item name="note" htmlFor="debug-note" label={t('note')}>
        <Input.TextArea id="debug-note" maxLength={200} rows={2} />
      </Form.Item>
    </>
  );
}

/**
 * Debug parameters (`offline/see/debug_param`): key-values for one player or device, each in force
 * until its expiry, which the game reads through `GET /api/game/v1/debug-params`.
 */
export function DebugParamsPage() {
  const { t } = useTranslation('debugParams');
  const columns = useMemo<ColumnsType<DebugParam>>(
    () => [
      crud.enumColumn<DebugParam>(
        t,
        { title: t('targetKind'), dataIndex: 'target_kind', width: 110 },
        'targetKinds',
      ),
      {
        title: t('target'),
        dataIndex: 'target',
        width: 180,
        sorter: true,
        render: (target: string) => <Typography.Text copyable>{target}</Typography.Text>,
      },
      { title: t('key'), dataIndex: 'key', width: 160, sorter: true },
      {
        title: t('value'),
        dataIndex: 'value',
        width: 200,
        render: (value: string) => (
          <Typography.Text code style={{ maxWidth: 180 }} ellipsis={{ tooltip: value }}>
            {value}
          </Typography.Text>
        ),
      },
      {
        title: t('expiresAt'),
        dataIndex: 'expires_at',
        width: 190,
        sorter: true,
        render: (at: string, row) => (
          <>
            {formatDateTime(at)}{' '}
            <Tag color={row.expired ? 'default' : 'success'}>
              {t(`states.${row.expired ? 'expired' : 'active'}`)}
            </Tag>
          </>
        ),
      },
      { title: t('note'), dataIndex: 'note', width: 160, ellipsis: true },
      crud.updatedAtColumn<DebugParam>(t),
    ],
    [t],
  );

  return (
    <ResourceListPage<DebugParam>
      resource={debugParamsResource}
      title={<OfflineTitle title={t('menu:page.debugParams')} />}
      columns={columns}
      search={[
        crud.enumSearch(t, 'target_kind', t('targetKind'), DEBUG_TARGET_KINDS, 'targetKinds'),
        { name: 'target', label: t('target') },
        crud.enumSearch(t, 'state', t('state'), DEBUG_PARAM_STATES, 'states'),
      ]}
      newItem={{ ...NEW_PARAM, expires_at: tomorrow() }}
      nameOf={(row) => `${row.target} · ${row.key}`}
      form={() => <DebugParamForm />}
    />
  );
}

const NEW_PARAM: DebugParamCreate = {
  ...crud.schemaDefaults<DebugParamCreate>(debugParamCreateBody),
  target_kind: 'player',
  target: '',
  key: '',
  value: '',
  expires_at: '',
  note: '',
};
