import { useMemo } from 'react';
import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ColumnsType } from 'antd/es/table';
import { ADMIN_ROLE } from '@rx/contracts/pages';
import { rolesResource, type Role, type RoleCreate } from '@rx/contracts/system-admin';
import { useSession } from '@/app/session.ts';
import { disabledColumn, disabledSearch, updatedAtColumn } from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { matrixRows, pageCount } from './matrix.ts';
import { RoleForm } from './RoleForm.tsx';

const NEW_ROLE: RoleCreate = { identifier: '', name: '', permissions: [], disabled: false };

/** The CP's roles: admins only (the page and the API). The admin role holds everything and stays as it is. */
export function RolesPage() {
  const { t } = useTranslation('system');
  const region = useSession((s) => s.cpConfig?.publish_area);
  const rows = useMemo(() => matrixRows(region), [region]);

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
      disabledColumn(t),
      updatedAtColumn(t),
    ],
    [t, rows],
  );

  return (
    <ResourceListPage<Role>
      resource={rolesResource}
      title={t('menu:page.roles')}
      columns={columns}
      defaultSort={null}
      search={[disabledSearch(t)]}
      newItem={NEW_ROLE}
      nameOf={(role) => role.name}
      formTitle={{ create: t('role.createTitle'), edit: t('role.editTitle') }}
      form={(editing) => <RoleForm holders={editing === 'new' ? 0 : editing.user_count} />}
      drawerWidth={1000}
      actionsWidth={150}
      rowRule={(role) =>
        role.identifier === ADMIN_ROLE
          ? {
              edit: false,
              delete: false,
              note: <Typography.Text type="secondary">{t('role.builtIn')}</Typography.Text>,
            }
          : {}
      }
    />
  );
}
