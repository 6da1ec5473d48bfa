import { useState } from 'react';
import { Alert, Button, Flex, Form, InputNumber, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  CS_AGENT_STATUSES,
  CS_CAPACITY_MAX,
  CS_DEFAULT_CAPACITY,
  csAgentCreateBody,
  csAgentUpdateBody,
  csPersonnelAccess,
  type CsAgent,
} from '@rx/contracts/cs';
import { usePermission } from '@/app/permission/index.ts';
import { FormDrawer } from '@/shared/crud/FormDrawer.tsx';
import { RowEditDelete, actionsColumn } from '@/shared/crud/ListParts.tsx';
import { useMessage } from '@/shared/feedback.tsx';
import { ApiError, http } from '@/shared/http.ts';
import { DataTable } from '@/shared/ui/index.ts';
import { useWholeList } from '@/shared/cs/use-whole-list.ts';

const BASE = '/cs/personnel';
const STATUS_COLORS = { online: 'green', away: 'gold', offline: 'default' } as const;
const NEW_AGENT = { capacity: CS_DEFAULT_CAPACITY };

/**
 * Personnel settings (`service/see/personnel`): which staff serve players and how many
 * conversations each takes at once (assignment fills agents up to it); a supervisor may set an
 * agent's status; removing one puts their conversations back in the queue.
 */
export function PersonnelPage() {
  const { t } = useTranslation(['csPersonnel', 'cs']);
  const message = useMessage();
  const p = csPersonnelAccess.permissions;
  const canEdit = usePermission([p.edit]);
  const canDelete = usePermission([p.delete]);
  const [candidates, setCandidates] = useState<{ id: number; username: string }[]>([]);
  const { rows, loading, problem, editing, setEditing, remove, save } = useWholeList<CsAgent>(BASE, {
    idOf: (agent) => agent.user_id,
  });
  const openNew = async () => {
    try {
      const answer = await http.get<{ list: { id: number; username: string }[] }>(
        `${BASE}/candidates`,
        undefined,
        { silent: true },
      );
      setCandidates(answer.list);
      setEditing('new');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      void message.error(error.msg);
    }
  };
  const columns: ColumnsType<CsAgent> = [
    {
      title: t('agent'),
      dataIndex: 'username',
      width: 160,
      sorter: (a, b) => a.username.localeCompare(b.username),
    },
    {
      title: t('status'),
      dataIndex: 'status',
      width: 110,
      render: (status: CsAgent['status']) => (
        <Tag color={STATUS_COLORS[status]}>{t(`cs:status.${status}`)}</Tag>
      ),
    },
    {
      title: t('capacity'),
      dataIndex: 'capacity',
      width: 110,
      sorter: (a, b) => a.capacity - b.capacity,
    },
    {
      title: t('active'),
      dataIndex: 'active',
      width: 110,
      sorter: (a, b) => a.active - b.active,
    },
    actionsColumn(t, 130, (agent) => (
      <RowEditDelete
        canEdit={canEdit}
        canDelete={canDelete}
        onEdit={() => setEditing(agent)}
        onDelete={() => void remove(agent)}
        confirm={t('confirmRemove', { name: agent.username })}
      />
    )),
  ];

  return (
    <>
      <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
        {t('menu:page.personnelSettings')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      {canEdit && (
        <Flex justify="flex-end" style={{ marginBlockEnd: 12 }}>
          <Button type="primary" onClick={() => void openNew()}>
            {t('add')}
          </Button>
        </Flex>
      )}
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBlockEnd: 12 }} />}
      <DataTable<CsAgent>
        rowKey="user_id"
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
      />
      <FormDrawer
        open={editing !== null}
        title={editing === 'new' ? t('add') : t('editTitle', { name: editing?.username ?? '' })}
        initialValues={editing === 'new' || editing === null ? NEW_AGENT : editing}
        schema={editing === 'new' ? csAgentCreateBody : csAgentUpdateBody}
        onSubmit={save}
        onClose={() => setEditing(null)}
      >
        {editing === 'new' && (
          <Form.Item name="user_id" htmlFor="cs-agent-user" label={t('staff')} required>
            <Select
              id="cs-agent-user"
              showSearch={{ optionFilterProp: 'label' }}
              options={candidates.map((c) => ({ value: c.id, label: c.username }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="capacity"
          htmlFor="cs-agent-capacity"
          label={t('capacity')}
          extra={t('capacityHint')}
        >
          <InputNumber id="cs-agent-capacity" min={1} max={CS_CAPACITY_MAX} precision={0} />
        </Form.Item>
        {editing !== 'new' && (
          <Form.Item name="status" htmlFor="cs-agent-status" label={t('status')}>
            <Select
              id="cs-agent-status"
              options={CS_AGENT_STATUSES.map((s) => ({ value: s, label: t(`cs:status.${s}`) }))}
            />
          </Form.Item>
        )}
      </FormDrawer>
    </>
  );
}
