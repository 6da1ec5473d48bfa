import { useState } from 'react';
import { Button, Card, Form, Input, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES } from '@rx/contracts/languages';
import type { CsAgent } from '@rx/contracts/cs';
import { csTeamAccess, csTeamBody, csTeamUpdateBody, type CsTeam } from '@rx/contracts/cs-settings';
import { usePermission } from '@/app/permission/index.ts';
import { FormDrawer } from '@/shared/crud/FormDrawer.tsx';
import { RowEditDelete } from '@/shared/crud/ListParts.tsx';
import { useMessage } from '@/shared/feedback.tsx';
import { ApiError, http } from '@/shared/http.ts';
import { DataTable } from '@/shared/ui/index.ts';

const NEW_TEAM = { name: '', languages: [], members: [] };

/**
 * The CP's teams: a conversation in one of a team's languages goes round robin to the team's
 * agents with room first, then to anyone with room.
 */
export function TeamsCard() {
  const { t } = useTranslation(['csSettings', 'cs']);
  const message = useMessage();
  const client = useQueryClient();
  const p = csTeamAccess.permissions;
  const canEdit = usePermission([p.edit]);
  const canDelete = usePermission([p.delete]);
  const [editing, setEditing] = useState<CsTeam | 'new' | null>(null);
  const teams = useQuery({
    queryKey: ['cs-teams'],
    queryFn: ({ signal }) => http.get<{ list: CsTeam[] }>('/cs/teams', undefined, { signal }),
  });
  const agents = useQuery({
    queryKey: ['cs-personnel'],
    enabled: editing !== null,
    queryFn: ({ signal }) => http.get<{ list: CsAgent[] }>('/cs/personnel', undefined, { signal }),
  });
  const reload = () => client.invalidateQueries({ queryKey: ['cs-teams'] });
  const save = async (data: unknown) => {
    if (editing === 'new') await http.post('/cs/teams', data, { silent: true });
    else if (editing) await http.put(`/cs/teams/${editing.id}`, data, { silent: true });
    void message.success(t('crud:action.saved'));
    setEditing(null);
    await reload();
  };
  const remove = async (team: CsTeam) => {
    try {
      await http.delete(`/cs/teams/${team.id}`, { silent: true });
      void message.success(t('crud:action.deleted'));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      void message.error(error.msg);
    }
    await reload();
  };
  const columns: ColumnsType<CsTeam> = [
    { title: t('teamName'), dataIndex: 'name', width: 160 },
    {
      title: t('teamLanguages'),
      dataIndex: 'languages',
      width: 200,
      render: (languages: CsTeam['languages']) =>
        languages.map((l) => <Tag key={l}>{LANGUAGE_NAMES[l]}</Tag>),
    },
    {
      title: t('teamMembers'),
      dataIndex: 'members',
      render: (members: CsTeam['members']) => members.map((m) => m.username).join(', '),
    },
    {
      title: t('crud:action.actions'),
      key: 'actions',
      width: 130,
      render: (_, team) => (
        <RowEditDelete
          canEdit={canEdit}
          canDelete={canDelete}
          onEdit={() => setEditing(team)}
          onDelete={() => void remove(team)}
          confirm={t('teamConfirmDelete', { name: team.name })}
        />
      ),
    },
  ];
  const initial =
    editing === 'new' || editing === null
      ? NEW_TEAM
      : { ...editing, members: editing.members.map((m) => m.user_id) };
  return (
    <Card
      title={t('teamsTitle')}
      extra={
        canEdit && (
          <Button type="primary" onClick={() => setEditing('new')}>
            {t('teamAdd')}
          </Button>
        )
      }
    >
      <p>{t('teamsIntro')}</p>
      <DataTable<CsTeam>
        rowKey="id"
        loading={teams.isLoading}
        columns={columns}
        dataSource={teams.data?.list ?? []}
        pagination={false}
      />
      <FormDrawer
        open={editing !== null}
        title={editing === 'new' ? t('teamAdd') : t('teamEdit', { name: editing?.name ?? '' })}
        initialValues={initial}
        schema={editing === 'new' ? csTeamBody : csTeamUpdateBody}
        onSubmit={save}
        onClose={() => setEditing(null)}
      >
        <Form.Item name="name" htmlFor="cs-team-name" label={t('teamName')} required>
          <Input id="cs-team-name" maxLength={64} />
        </Form.Item>
        <Form.Item name="languages" htmlFor="cs-team-languages" label={t('teamLanguages')}>
          <Select
            id="cs-team-languages"
            mode="multiple"
            options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
          />
        </Form.Item>
        <Form.Item name="members" htmlFor="cs-team-members" label={t('teamMembers')}>
          <Select
            id="cs-team-members"
            mode="multiple"
            loading={agents.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={(agents.data?.list ?? []).map((a) => ({ value: a.user_id, label: a.username }))}
          />
        </Form.Item>
      </FormDrawer>
    </Card>
  );
}
