import { useMemo, useState } from 'react';
import { Button, Popconfirm, Space, Tag, Tooltip } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ColumnsType } from 'antd/es/table';
import { LANGUAGE_NAMES } from '@rx/contracts/languages';
import { staffResource, type Staff, type StaffCreate } from '@rx/contracts/system-admin';
import { useSession } from '@/app/session.ts';
import { disabledColumn, disabledSearch } from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { useMessage } from '@/shared/feedback.tsx';
import { formatDateTime } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { ResetPasswordModal } from './ResetPasswordModal.tsx';
import { StaffForm, useRoleOptions } from './StaffForm.tsx';

const RESOURCE = staffResource;
const NEW_STAFF: StaffCreate = {
  username: '',
  password: '',
  default_lang: 'zh',
  usertype: null,
  role_ids: [],
};

/**
 * The CP's staff (admins only): accounts, roles, disabling, and initial passwords changed at first
 * sign-in. One's own account can be edited but not disabled, reset or deleted (the server agrees).
 */
export function StaffPage() {
  const { t } = useTranslation('system');
  const message = useMessage();
  const client = useQueryClient();
  const me = useSession((s) => s.user?.id);
  const roles = useRoleOptions();
  const [resetting, setResetting] = useState<Staff | null>(null);

  const setDisabled = async (staff: Staff, disabled: boolean) => {
    await http.post(`/${RESOURCE.name}/${staff.id}/${disabled ? 'disable' : 'enable'}`);
    void client.invalidateQueries({ queryKey: [RESOURCE.name] });
    void message.success(t(disabled ? 'staff.disabledDone' : 'staff.enabledDone', { name: staff.username }));
  };

  const columns = useMemo<ColumnsType<Staff>>(
    () => [
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
      disabledColumn(t),
      {
        title: t('staff.createdAt'),
        dataIndex: 'created_at',
        width: 170,
        sorter: true,
        render: (v: string) => formatDateTime(v),
      },
    ],
    [t],
  );
  const isMe = (s: Staff) => String(s.id) === me;

  return (
    <>
      <ResourceListPage<Staff>
        resource={RESOURCE}
        title={t('menu:page.staff')}
        columns={columns}
        defaultSort={null}
        search={[
          {
            name: 'role_id',
            label: t('staff.roles'),
            kind: 'select',
            width: 200,
            options: roles.map((r) => ({ value: String(r.value), label: r.label })),
          },
          disabledSearch(t),
        ]}
        newItem={NEW_STAFF}
        editValues={(s) => ({ ...s, role_ids: s.roles.map((r) => r.id) })}
        nameOf={(s) => s.username}
        formTitle={{ create: t('staff.createTitle'), edit: t('staff.editTitle') }}
        form={(editing) => <StaffForm creating={editing === 'new'} />}
        savedMessage={(editing) => t(editing === 'new' ? 'staff.created' : 'crud:action.saved')}
        actionsWidth={280}
        rowRule={(s) => (isMe(s) ? { delete: false } : {})}
        rowActions={(s) =>
          !isMe(s) && (
            <>
              <Popconfirm
                title={t(s.disabled ? 'staff.enableConfirm' : 'staff.disableConfirm', { name: s.username })}
                onConfirm={() => setDisabled(s, !s.disabled)}
              >
                <Button type="link" size="small">
                  {t(s.disabled ? 'staff.enable' : 'staff.disable')}
                </Button>
              </Popconfirm>
              <Button type="link" size="small" onClick={() => setResetting(s)}>
                {t('staff.resetPassword')}
              </Button>
            </>
          )
        }
      />
      <ResetPasswordModal staff={resetting} onClose={() => setResetting(null)} />
    </>
  );
}
