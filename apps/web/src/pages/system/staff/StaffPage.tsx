import { useMemo, useState } from 'react';
import { Button, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import type { ColumnsType } from 'antd/es/table';
import { LANGUAGE_NAMES } from '@rx/contracts/languages';
import { staffResource, type Staff, type StaffCreate } from '@rx/contracts/system-admin';
import { useSession } from '@/app/session.ts';
import { ExportButton, FormDrawer, SearchForm, useDeleteRow } from '@/shared/crud/index.ts';
import { useResource } from '@/shared/crud/use-resource.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { http } from '@/shared/http.ts';
import { DataTable } from '@/shared/ui/index.ts';
import { ResetPasswordModal } from './ResetPasswordModal.tsx';
import { StaffForm, useRoleOptions } from './StaffForm.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { tablePaging } from '@/shared/crud/table-paging.ts';

const RESOURCE = staffResource;
const NEW_STAFF: StaffCreate = {
  username: '',
  password: '',
  default_lang: 'zh',
  usertype: null,
  role_ids: [],
};

/** The CP's staff (admins only): accounts, roles, disabling, and initial passwords changed at first sign-in. */
export function StaffPage() {
  const { t } = useTranslation('system');
  const message = useMessage();
  const me = useSession((s) => s.user?.id);
  // The page is for admins only, so every action the description allows is theirs.
  const { params, setParams, list, create, update, refresh } = useResource<Staff, StaffCreate>(RESOURCE);
  const deleteRow = useDeleteRow(RESOURCE.name);
  const roles = useRoleOptions();
  const [editing, setEditing] = useState<Staff | 'new' | null>(null);
  const [resetting, setResetting] = useState<Staff | null>(null);
  const editValues = useMemo(
    () =>
      editing && editing !== 'new' ? { ...editing, role_ids: editing.roles.map((r) => r.id) } : NEW_STAFF,
    [editing],
  );

  const columns = useMemo<ColumnsType<Staff>>(() => {
    const setDisabled = async (staff: Staff, disabled: boolean) => {
      await http.post(`/${RESOURCE.name}/${staff.id}/${disabled ? 'disable' : 'enable'}`);
      void refresh();
      void message.success(
        t(disabled ? 'staff.disabledDone' : 'staff.enabledDone', { name: staff.username }),
      );
    };
    return [
      { title: 'ID', dataIndex: 'id', width: 70, sorter: true },
      { title: t('staff.username'), dataIndex: 'username', width: 150, sorter: true },
      {
        title: t('staff.roles'),
        dataIndex: 'roles',
        width: 220,
        render: (list: Staff['roles']) => list.map((r) => <Tag key={r.id}>{r.name}</Tag>),
      },
      {
        title: t('staff.language'),
        dataIndex: 'default_lang',
        width: 110,
        render: (v: keyof typeof LANGUAGE_NAMES) => LANGUAGE_NAMES[v],
      },
      {
        title: t('staff.signIn'),
        key: 'sign-in',
        width: 170,
        render: (_, s) => (
          <Space size={2} wrap>
            {s.is_modified_password === 0 && (
              <Tooltip title={t('staff.mustChangeHint')}>
                <Tag color="warning">{t('staff.mustChange')}</Tag>
              </Tooltip>
            )}
            {s.usertype === 1 && <Tag color="purple">{t('staff.developer')}</Tag>}
          </Space>
        ),
      },
      {
        title: t('crud:field.status'),
        dataIndex: 'disabled',
        width: 90,
        render: (disabled: boolean) => (
          <Tag color={disabled ? 'default' : 'success'}>
            {t(disabled ? 'crud:status.disabled' : 'crud:status.active')}
          </Tag>
        ),
      },
      {
        title: t('staff.createdAt'),
        dataIndex: 'created_at',
        width: 170,
        sorter: true,
        render: (v: string) => formatDateTime(v),
      },
      {
        title: t('crud:action.actions'),
        key: 'actions',
        width: 280,
        fixed: 'right',
        render: (_, s) => {
          const self = String(s.id) === me;
          return (
            <Space size={0} wrap>
              <Button type="link" size="small" onClick={() => setEditing(s)}>
                {t('crud:action.edit')}
              </Button>
              {!self && (
                <Popconfirm
                  title={t(s.disabled ? 'staff.enableConfirm' : 'staff.disableConfirm', { name: s.username })}
                  onConfirm={() => setDisabled(s, !s.disabled)}
                >
                  <Button type="link" size="small">
                    {t(s.disabled ? 'staff.enable' : 'staff.disable')}
                  </Button>
                </Popconfirm>
              )}
              {!self && (
                <Button type="link" size="small" onClick={() => setResetting(s)}>
                  {t('staff.resetPassword')}
                </Button>
              )}
              {!self && (
                <Popconfirm
                  title={t('crud:action.confirmDelete', { name: s.username })}
                  onConfirm={() => deleteRow(s.id)}
                >
                  <Button type="link" size="small" danger>
                    {t('crud:action.delete')}
                  </Button>
                </Popconfirm>
              )}
            </Space>
          );
        },
      },
    ];
  }, [t, me, deleteRow, refresh, message]);

  const save = async (data: unknown) => {
    if (editing === 'new') await create.mutateAsync(data as StaffCreate);
    else if (editing) await update.mutateAsync({ id: editing.id, body: data as { version: number } });
    void message.success(editing === 'new' ? t('staff.created') : t('crud:action.saved'));
  };

  return (
    <>
      <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
        {t('menu:page.staff')}
      </Typography.Title>
      <SearchForm
        values={params.filters}
        onSearch={(filters) => setParams({ filters })}
        fields={[
          { name: 'q', label: t('crud:field.keyword') },
          {
            name: 'role_id',
            label: t('staff.roles'),
            kind: 'select',
            width: 200,
            options: roles.map((r) => ({ value: String(r.value), label: r.label })),
          },
          {
            name: 'disabled',
            label: t('crud:field.status'),
            kind: 'select',
            options: [
              { value: '0', label: t('crud:status.active') },
              { value: '1', label: t('crud:status.disabled') },
            ],
          },
        ]}
        extra={
          <>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('crud:action.create')}
            </Button>
            <ExportButton resource={RESOURCE.name} filters={params.filters} />
          </>
        }
      />
      <DataTable<Staff>
        rowKey="id"
        tools={{ id: 'staff', onRefresh: () => void refresh(), refreshing: list.isFetching }}
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list}
        {...tablePaging(params, setParams, list.data?.total)}
      />
      <FormDrawer
        open={editing !== null}
        title={editing === 'new' ? t('staff.createTitle') : t('staff.editTitle')}
        initialValues={editValues}
        schema={editing === 'new' ? RESOURCE.create : RESOURCE.update}
        onSubmit={save}
        onClose={() => setEditing(null)}
      >
        <StaffForm creating={editing === 'new'} />
      </FormDrawer>
      <ResetPasswordModal staff={resetting} onClose={() => setResetting(null)} />
    </>
  );
}
