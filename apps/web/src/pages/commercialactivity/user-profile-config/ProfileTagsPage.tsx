import { useMemo, useState } from 'react';
import { Button, Checkbox, Form, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  PROFILE_TAG_SOURCES,
  PROFILE_TAG_TYPES,
  profileTagsResource,
  type ProfileTag,
  type ProfileTagCreate,
} from '@rx/contracts/profile-tags';
import { usePermission } from '@/app/permission/index.ts';
import { updatedAtColumn } from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { useMessage } from '@/shared/feedback.tsx';
import { http } from '@/shared/http.ts';
import { AppModal } from '@/shared/ui/index.ts';
import { UploadField } from '@/shared/upload/index.ts';
import { TagForm } from './TagForm.tsx';

const NEW_TAG: ProfileTagCreate = {
  name: '',
  label: '',
  type: 'boolean',
  options: [],
  source: 'manual',
  rule: null,
  description: '',
};

const SOURCE_COLORS: Record<string, string> = { rule: 'purple', import: 'blue', manual: 'default' };

/** Player profile tags (`commercialization/see/user_profile`): definitions, import, rule evaluation. */
export function ProfileTagsPage() {
  const { t } = useTranslation('profile-tags');
  const canEdit = usePermission([profileTagsResource.permissions.edit]);
  const message = useMessage();
  const navigate = useNavigate();
  // A started job (an import, an evaluation): its progress and per-line results are on the jobs page.
  const setJob = (id: number) => {
    message.success(t('jobStarted', { id }));
    navigate('/jobs');
  };
  const [importing, setImporting] = useState<ProfileTag | null>(null);
  const options = (values: readonly string[], group: string) =>
    values.map((value) => ({ value, label: t(`${group}.${value}`) }));

  const columns = useMemo<ColumnsType<ProfileTag>>(
    () => [
      { title: t('name'), dataIndex: 'name', width: 150, sorter: true },
      { title: t('label'), dataIndex: 'label', width: 150, sorter: true },
      {
        title: t('type'),
        dataIndex: 'type',
        width: 90,
        sorter: true,
        render: (v: string) => t(`types.${v}`),
      },
      {
        title: t('options'),
        dataIndex: 'options',
        width: 160,
        render: (values: string[]) => values.map((v) => <Tag key={v}>{v}</Tag>),
      },
      {
        title: t('source'),
        dataIndex: 'source',
        width: 100,
        sorter: true,
        render: (v: string) => <Tag color={SOURCE_COLORS[v]}>{t(`sources.${v}`)}</Tag>,
      },
      { title: t('playerCount'), dataIndex: 'player_count', width: 100, align: 'end' },
      updatedAtColumn<ProfileTag>(t),
    ],
    [t],
  );

  const evaluate = async (tag: ProfileTag) => {
    const { job_id } = await http.post<{ job_id: number }>(`/profile-tags/${tag.id}/evaluate`);
    setJob(job_id);
  };

  return (
    <>
      <ResourceListPage<ProfileTag>
        resource={profileTagsResource}
        title={t('menu:page.userProfiles')}
        columns={columns}
        actionsWidth={220}
        search={[
          { name: 'type', label: t('type'), kind: 'select', options: options(PROFILE_TAG_TYPES, 'types') },
          {
            name: 'source',
            label: t('source'),
            kind: 'select',
            options: options(PROFILE_TAG_SOURCES, 'sources'),
          },
        ]}
        newItem={NEW_TAG}
        nameOf={(tag) => tag.label}
        form={(editing) => <TagForm editing={editing !== 'new'} />}
        rowActions={(tag) => (
          <>
            <Link
              to={`/commercialactivity/user-profile-userlist/${encodeURIComponent(tag.name)}`}
              className="ant-btn ant-btn-link ant-btn-sm"
              data-testid="tag-players-link"
            >
              {t('players')}
            </Link>
            {canEdit && tag.source === 'rule' && (
              <Button type="link" size="small" onClick={() => void evaluate(tag)} data-testid="tag-evaluate">
                {t('evaluate')}
              </Button>
            )}
            {canEdit && tag.source !== 'rule' && (
              <Button type="link" size="small" onClick={() => setImporting(tag)} data-testid="tag-import">
                {t('import')}
              </Button>
            )}
          </>
        )}
      />
      <ImportDialog
        tag={importing}
        onClose={() => setImporting(null)}
        onStarted={(id) => {
          setImporting(null);
          setJob(id);
        }}
      />
    </>
  );
}

/** Imports a tag's values from an uploaded file of `openid,value` lines (a job with per-line errors). */
function ImportDialog({
  tag,
  onClose,
  onStarted,
}: {
  tag: ProfileTag | null;
  onClose: () => void;
  onStarted: (jobId: number) => void;
}) {
  const { t } = useTranslation('profile-tags');
  const [fileId, setFileId] = useState<string | null>(null);
  const [replace, setReplace] = useState(false);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    if (!tag || !fileId) return;
    setBusy(true);
    try {
      const { job_id } = await http.post<{ job_id: number }>(`/profile-tags/${tag.id}/import`, {
        file_id: fileId,
        replace,
      });
      setFileId(null);
      onStarted(job_id);
    } finally {
      setBusy(false);
    }
  };
  return (
    <AppModal
      open={!!tag}
      title={t('importTitle', { label: tag?.label ?? '' })}
      onCancel={onClose}
      onOk={() => void start()}
      okText={t('importStart')}
      okButtonProps={{ disabled: !fileId, loading: busy, ...{ 'data-testid': 'tag-import-start' } }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('importHint')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('importFile')}>
          <UploadField use="openid_list" testId="tag-import-file" onUploaded={(item) => setFileId(item.id)} />
        </Form.Item>
        <Checkbox checked={replace} onChange={(e) => setReplace(e.target.checked)}>
          {t('importReplace')}
        </Checkbox>
      </Form>
    </AppModal>
  );
}
