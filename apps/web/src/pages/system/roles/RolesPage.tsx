import { useMemo, useState } from 'react';
import { Button, Popconfirm, Space, Tag, Typography } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import type { ColumnsType } from 'antd/es/table';
import { ADMIN_ROLE } from '@rx/contracts/pages';
import { rolesResource, type Role, type RoleCreate } from '@rx/contracts/system-admin';
import { useSession } from '@/app/session.ts';
import {
  ExportButton,
  FormDrawer,
  ImportButton,
  SearchForm,
  useDeleteRow,
  updatedAtColumn,
} from '@/shared/crud/index.ts';
import { useResource } from '@/shared/crud/use-resource.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { DataTable } from '@/shared/ui/index.ts';
import { matrixRows, pageCount } from './matrix.ts';
import { RoleForm } from './RoleForm.tsx';
import { tablePaging } from '@/shared/crud/table-paging.ts';

const RESOURCE = rolesResource;
const NEW_ROLE: RoleCreate = { identifier: '', name: '', permissions: [], disabled: false };

/** The CP's roles: admins only (the page and the API). The admin role holds everything and stays as it is. */
export function RolesPage() {
  const { t } = useTranslation('system');
  const message = useMessage();
  const region = useSession((s) => s.cpConfig?.publish_area);
  const rows = useMemo(() => matrixRows(region), [region]);
  // The page is for admins only, so every action the description allows is theirs.
  const { params, setParams, list, create, update, refresh } = useResource<Role, RoleCreate>(RESOURCE);
  const deleteRow = useDeleteRow(RESOURCE.name);
  const [editing, setEditing] = useState<Role | 'new' | null>(null);

  const columns = useMemo<ColumnsType<Role>>(
    () => [
      { title: 'ID', dataIndex: 'id', width: 70, sorter: true },
      { title: t('role.identifier'), dataIndex: 'identifier', width: 160, sorter: true },
      { title: t('role.name'), dataIndex: 'name', width: 180, sorter: true },
      {
        title: t('role.pages'),
        key: 'pages',
        width: 120,
        render: (_, role) =>
          role.identifier === ADMIN_ROLE ? (
            <Tag color="gold">{t('role.everything')}</Tag>
          ) : (
            pageCount(role.permissions, rows)
          ),
      },
      { title: t('role.holders'), dataIndex: 'user_count', width: 100 },
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
      updatedAtColumn(t),
      {
        title: t('crud:action.actions'),
        key: 'actions',
        width: 150,
        fixed: 'right',
        render: (_, role) =>
          role.identifier === ADMIN_ROLE ? (
            <Typography.Text type="secondary">{t('role.builtIn')}</Typography.Text>
          ) : (
            <Space>
              <Button type="link" size="small" onClick={() => setEditing(role)}>
                {t('crud:action.edit')}
              </Button>
              <Popconfirm
                title={t('crud:action.confirmDelete', { name: role.name })}
                onConfirm={() => deleteRow(role.id)}
              >
                <Button type="link" size="small" danger>
                  {t('crud:action.delete')}
                </Button>
              </Popconfirm>
            </Space>
          ),
      },
    ],
    [t, rows, deleteRow],
  );

  const save = async (data: unknown) => {
    if (editing === 'new') await create.mutateAsync(data as RoleCreate);
    else if (editing) await update.mutateAsync({ id: editing.id, body: data as { version: number } });
    void message.success(t('crud:action.saved'));
  };

  return (
    <>
      <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
        {t('menu:page.roles')}
      </Typography.Title>
      <SearchForm
        values={params.filters}
        onSearch={(filters) => setParams({ filters })}
        fields={[
          { name: 'q', label: t('crud:field.keyword') },
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
            <ImportButton resource={RESOURCE.name} onImported={() => void refresh()} />
            <ExportButton resource={RESOURCE.name} filters={params.filters} />
          </>
        }
      />
      <DataTable<Role>
        rowKey="id"
        tools={{ id: 'roles', onRefresh: () => void refresh(), refreshing: list.isFetching }}
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.list}
        {...tablePaging(params, setParams, list.data?.total)}
      />
      <FormDrawer
        open={editing !== null}
        title={editing === 'new' ? t('role.createTitle') : t('role.editTitle')}
        initialValues={editing === 'new' || editing === null ? NEW_ROLE : editing}
        schema={editing === 'new' ? RESOURCE.create : RESOURCE.update}
        onSubmit={save}
        onClose={() => setEditing(null)}
        width={1000}
      >
        <RoleForm holders={editing === 'new' || editing === null ? 0 : editing.user_count} />
      </FormDrawer>
    </>
  );
}
