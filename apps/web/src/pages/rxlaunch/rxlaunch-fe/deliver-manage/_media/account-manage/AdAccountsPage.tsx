import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Space, Switch, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  AD_ACCOUNT_ROLES,
  AD_ACCOUNT_STATUSES,
  adAccountUpdateBody,
  adAccountsResource,
  type AdAccount,
  type AdAuthorizeAnswer,
  type AdSyncAnswer,
} from '@rx/contracts/ads';
import { adMediumOf } from '@rx/contracts/dimensions';
import { usePermission } from '@/app/permission/index.ts';
import { enumSearch, serverFieldErrors, validateWith, actionsColumn } from '@/shared/crud/index.ts';
import { QueryListPage } from '@/shared/crud/QueryListPage.tsx';
import { useMessage } from '@/shared/feedback.tsx';
import { formatDateTime, formatMoney } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { currentLanguage } from '@/shared/i18n.ts';
import { errorText, useMediumList } from '../use-medium-list.ts';
import { SimulatedNote } from '../SimulatedNote.tsx';

const RESOURCE = adAccountsResource;
const STATUS_COLORS: Record<string, string> = {
  authorized: 'green',
  expiring: 'orange',
  expired: 'red',
  failed: 'volcano',
};
/** The parameter names media use for the authorisation code they send staff back with. */
const CODE_PARAMS = ['code', 'auth_code', 'authorization_code'];

type EditValues = { remark: string; enabled: boolean };
/** Field messages as the edit form's marks (the form has only `remark` and `enabled`). */
const marks = (fields: Record<string, string>) =>
  Object.entries(fields)
    .filter((entry): entry is [keyof EditValues, string] => entry[0] === 'remark' || entry[0] === 'enabled')
    .map(([name, message]) => ({ name, errors: [message] }));

/**
 * A medium's advertiser accounts (every medium's `account-manage` page): authorise the console on
 * the medium's page, come back with its code, see the agent → advertiser hierarchy with status,
 * balance and token expiry; sync now, set a remark or pause the sync, unbind.
 */
export function AdAccountsPage() {
  const { t, toast, media, productId, permissions, params, setParams, list, refresh } =
    useMediumList<AdAccount>(RESOURCE);
  const canEdit = usePermission([permissions.edit]);
  const canDelete = usePermission([permissions.delete]);
  const [editing, setEditing] = useState<AdAccount | null>(null);
  const [search, setSearch] = useSearchParams();

  const authorize = useMutation({
    mutationFn: () =>
      http.post<AdAuthorizeAnswer>(`/${RESOURCE.name}/authorize`, undefined, { query: { media } }),
    onSuccess: (answer) => window.location.assign(answer.url),
    onError: (error) => toast.error(errorText(error)),
  });
  const callback = useMutation({
    mutationFn: (body: { code: string; state: string }) =>
      http.post<AdSyncAnswer>(`/${RESOURCE.name}/authorize/callback`, body, { query: { media } }),
    onSuccess: (answer) => {
      toast.success(t('authorized', answer));
      void refresh();
    },
    onError: (error) => toast.error(errorText(error)),
  });
  const sync = useMutation({
    mutationFn: () => http.post<AdSyncAnswer>(`/${RESOURCE.name}/sync`, undefined, { query: { media } }),
    onSuccess: (answer) => {
      (answer.failed ? toast.warning : toast.success)(t('synced', answer));
      void refresh();
    },
    onError: (error) => toast.error(errorText(error)),
  });
  const unbind = useMutation({
    mutationFn: (row: AdAccount) => http.delete(`/${RESOURCE.name}/${row.id}`, { query: { media } }),
    onSuccess: () => {
      toast.success(t('unbound'));
      void refresh();
    },
    onError: (error) => toast.error(errorText(error)),
  });

  // The medium sends staff back here with a code and the state: complete the authorisation once.
  const completed = useRef(false);
  useEffect(() => {
    const code = CODE_PARAMS.map((name) => search.get(name)).find(Boolean);
    const state = search.get('state');
    if (!code || !state || !productId || completed.current) return;
    completed.current = true;
    const rest = new URLSearchParams(search);
    for (const name of [...CODE_PARAMS, 'state']) rest.delete(name);
    setSearch(rest, { replace: true });
    callback.mutate({ code, state });
  }, [search, productId, setSearch, callback]);

  const rows = useMemo(() => list.data?.list ?? [], [list.data]);
  const columns = useMemo<ColumnsType<AdAccount>>(
    () => [
      { title: t('columns.account_id'), dataIndex: 'account_id', width: 170 },
      { title: t('columns.name'), dataIndex: 'name', width: 200, sorter: true },
      {
        title: t('columns.role'),
        dataIndex: 'role',
        width: 100,
        render: (role: string) => <Tag>{t(`roles.${role}`)}</Tag>,
      },
      {
        title: t('columns.parent'),
        dataIndex: 'parent_id',
        width: 160,
        render: (parent: number | null, row) =>
          parent === null ? '—' : (rows.find((r) => r.id === parent)?.account_id ?? row.grant_account),
      },
      {
        title: t('columns.status'),
        dataIndex: 'status',
        width: 130,
        render: (status: string, row) => {
          const tag = <Tag color={STATUS_COLORS[status]}>{t(`statuses.${status}`)}</Tag>;
          return row.last_error ? <Tooltip title={row.last_error}>{tag}</Tooltip> : tag;
        },
      },
      {
        title: t('columns.media_status'),
        dataIndex: 'media_status',
        width: 150,
        render: (v: string) => v || '—',
      },
      {
        title: t('columns.balance'),
        dataIndex: 'balance',
        width: 140,
        sorter: true,
        align: 'end',
        render: (balance: number, row) => formatMoney(balance, row.currency, currentLanguage()),
      },
      {
        title: t('columns.token_expires_at'),
        dataIndex: 'token_expires_at',
        width: 170,
        render: (v: string | null) => (v ? formatDateTime(v) : '—'),
      },
      {
        title: t('columns.grant_expires_at'),
        dataIndex: 'grant_expires_at',
        width: 170,
        render: (v: string | null) => (v ? formatDateTime(v) : '—'),
      },
      {
        title: t('columns.synced_at'),
        dataIndex: 'synced_at',
        width: 170,
        sorter: true,
        render: (v: string | null) => (v ? formatDateTime(v) : '—'),
      },
      {
        title: t('columns.enabled'),
        dataIndex: 'enabled',
        width: 100,
        render: (on: boolean) => (on ? t('yes') : t('no')),
      },
      { title: t('columns.remark'), dataIndex: 'remark', width: 180, render: (v: string) => v || '—' },
      actionsColumn(t, 150, (row) => (
        <Space size="small">
          {canEdit && (
            <Button type="link" size="small" onClick={() => setEditing(row)}>
              {t('crud:action.edit')}
            </Button>
          )}
          {canDelete && (
            <Popconfirm
              title={t('unbindConfirm', { account: row.account_id })}
              okButtonProps={{ danger: true }}
              onConfirm={() => unbind.mutate(row)}
            >
              <Button type="link" size="small" danger>
                {t('unbind')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      )),
    ],
    [t, rows, canEdit, canDelete, unbind],
  );
  // A medium without a real adapter always says so; a real one when its game runs it on the fake.
  const simulated = adMediumOf(media)?.api.adapter === 'fake' || rows.some((r) => r.simulated);

  return (
    <QueryListPage<AdAccount>
      title={t('title', { media: t(`media.${media}`) })}
      intro={t('intro')}
      before={<SimulatedNote shown={simulated} />}
      params={params}
      setParams={setParams}
      list={list}
      fields={[
        { name: 'q', label: t('filters.q'), width: 200 },
        { ...enumSearch(t, 'status', t('columns.status'), AD_ACCOUNT_STATUSES, 'statuses'), width: 140 },
        { ...enumSearch(t, 'role', t('columns.role'), AD_ACCOUNT_ROLES, 'roles'), width: 120 },
      ]}
      rowKey="id"
      toolsId={`ad-accounts-${media}`}
      leading={
        canEdit ? (
          <Space wrap>
            <Button type="primary" loading={authorize.isPending} onClick={() => authorize.mutate()}>
              {t('authorize')}
            </Button>
            <Button loading={sync.isPending} onClick={() => sync.mutate()}>
              {t('syncNow')}
            </Button>
          </Space>
        ) : undefined
      }
      columns={columns}
      sortFields={{ name: 'name', balance: 'balance', synced_at: 'synced_at' }}
      scroll={{ x: 1900 }}
    >
      {editing && (
        <EditAccount
          row={editing}
          media={media}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
    </QueryListPage>
  );
}

/** Staff's remark and the sync switch of one account, checked with the API's own schema. */
function EditAccount({
  row,
  media,
  onClose,
  onSaved,
}: {
  row: AdAccount;
  media: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('ads');
  const toast = useMessage();
  const [form] = Form.useForm<EditValues>();
  const save = useMutation({
    mutationFn: (values: { remark: string; enabled: boolean }) =>
      http.put<AdAccount>(
        `/${adAccountsResource.name}/${row.id}`,
        { ...values, version: row.version },
        { query: { media } },
      ),
    onSuccess: () => {
      toast.success(t('saved'));
      onSaved();
    },
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (fields) form.setFields(marks(fields));
      else toast.error(errorText(error));
    },
  });
  const submit = async () => {
    const values = form.getFieldsValue();
    const checked = validateWith(adAccountUpdateBody, { ...values, version: row.version }, currentLanguage());
    if (!checked.ok) {
      form.setFields(marks(checked.errors));
      return;
    }
    save.mutate(values);
  };
  return (
    <Modal
      open
      title={t('editTitle', { account: row.account_id })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('crud:action.save')}
      cancelText={t('crud:action.cancel')}
      confirmLoading={save.isPending}
    >
      <Form form={form} layout="vertical" initialValues={{ remark: row.remark, enabled: row.enabled }}>
        <Form.Item name="remark" label={t('columns.remark')}>
          <Input.TextArea rows={3} aria-label={t('columns.remark')} />
        </Form.Item>
        <Form.Item name="enabled" label={t('columns.enabled')} valuePropName="checked">
          <Switch aria-label={t('columns.enabled')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
