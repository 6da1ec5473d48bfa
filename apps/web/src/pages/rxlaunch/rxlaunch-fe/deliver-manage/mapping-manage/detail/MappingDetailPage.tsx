import { useState } from 'react';
import { Button, Descriptions, Flex, Result, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { ZodType } from 'zod';
import { adMappingsResource, type AdMapping } from '@rx/contracts/ad-mappings';
import { usePermission } from '@/app/permission/index.ts';
import { FormDrawer } from '@/shared/crud/FormDrawer.tsx';
import { useResourceItem, useResourceMutations } from '@/shared/crud/resource.ts';
import { formatDateTime } from '@/shared/format.ts';
import { MappingForm } from '../MappingForm.tsx';
import { mediumName } from '../../_tools/media.tsx';
import { MAPPINGS_PAGE, NEW_MAPPING, mappingLink, mappingName } from '../MappingsPage.tsx';

const RESOURCE = adMappingsResource;

/**
 * One channel mapping (`mapping-manage/detail/:id?`): what it credits to which account and campaign,
 * edited in place; without an id, a new mapping (saved, it opens its own detail).
 */
export function MappingDetailPage() {
  const { t } = useTranslation('adMappings');
  const navigate = useNavigate();
  const { id } = useParams();
  const numeric = id && /^\d{1,9}$/.test(id) ? Number(id) : undefined;
  const mapping = useResourceItem<AdMapping>(RESOURCE.name, numeric);
  const { create, update } = useResourceMutations<
    Record<string, unknown>,
    Record<string, unknown> & { version: number }
  >(RESOURCE.name);
  const canEdit = usePermission([RESOURCE.permissions.edit]);
  const [editing, setEditing] = useState(id === undefined);
  const m = mapping.data;

  const back = <Link to={MAPPINGS_PAGE}>{t('back')}</Link>;
  if (id !== undefined && numeric === undefined)
    return <Result status="404" title={t('notFound')} extra={back} />;
  if (numeric !== undefined && mapping.isLoading) return <Spin />;
  if (numeric !== undefined && !m) return <Result status="404" title={t('notFound')} extra={back} />;

  return (
    <Flex vertical gap={16}>
      {back}
      <Typography.Title level={4} style={{ margin: 0 }}>
        {m ? mappingName(m) : t('createTitle')}
      </Typography.Title>
      {m && (
        <>
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, md: 2 }}
            items={[
              {
                key: 'sub',
                label: t('columns.subChannel'),
                children: `${m.sub_channel_code} · ${m.sub_channel_name}`,
              },
              { key: 'media', label: t('columns.media'), children: mediumName(t, m.media) },
              {
                key: 'account',
                label: t('columns.account'),
                children: `${m.account_name} (${m.account_id})`,
              },
              {
                key: 'campaign',
                label: t('columns.campaign'),
                children: m.campaign_id
                  ? `${m.campaign_name || m.campaign_id} (${m.campaign_id})`
                  : t('wholeAccount'),
              },
              {
                key: 'enabled',
                label: t('columns.enabled'),
                children: (
                  <Tag color={m.enabled ? 'success' : 'default'}>
                    {t(m.enabled ? 'crud:status.active' : 'crud:status.disabled')}
                  </Tag>
                ),
              },
              { key: 'note', label: t('columns.note'), children: m.note || '—' },
              { key: 'updated', label: t('crud:field.updatedAt'), children: formatDateTime(m.updated_at) },
            ]}
          />
          <Typography.Paragraph type="secondary">{t('attribution')}</Typography.Paragraph>
          {canEdit && (
            <Button type="primary" style={{ alignSelf: 'start' }} onClick={() => setEditing(true)}>
              {t('crud:action.edit')}
            </Button>
          )}
        </>
      )}
      <FormDrawer
        open={editing && canEdit}
        title={m ? t('editTitle') : t('createTitle')}
        initialValues={m ? { ...m } : NEW_MAPPING}
        schema={(m ? RESOURCE.update : RESOURCE.create) as ZodType<Record<string, unknown>>}
        onSubmit={async (body) => {
          if (m) return update.mutateAsync({ id: m.id, body: { ...body, version: m.version } });
          const made = (await create.mutateAsync(body)) as AdMapping;
          void navigate(mappingLink(made.id), { replace: true });
        }}
        onClose={() => {
          setEditing(false);
          if (!m) void navigate(MAPPINGS_PAGE);
        }}
      >
        <MappingForm />
      </FormDrawer>
    </Flex>
  );
}
