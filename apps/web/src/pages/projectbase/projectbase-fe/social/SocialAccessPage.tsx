import { useMemo, useState } from 'react';
import { Alert, Button, Typography } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { PUBLISH_AREAS } from '@rx/contracts/acs';
import { permissionOf } from '@rx/contracts/resource';
import {
  socialAccessResources,
  socialPolicyCreateBody,
  socialPolicyUpdateBody,
  type SocialKind,
  type SocialPolicy,
  type SocialPolicyCreate,
} from '@rx/contracts/social-access';
import { usePermission } from '@/app/permission/index.ts';
import { useProduct } from '@/app/product/index.ts';
import {
  ExportButton,
  FormDrawer,
  channelSearch,
  enabledSearch,
  enumSearch,
  useListParams,
  useResourceList,
  useResourceMutations,
} from '@/shared/crud/index.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { useChannels } from '../shared/channels.tsx';
import { KillSwitches } from './KillSwitches.tsx';
import { RESOURCE, usePolicyColumns, type UpdateBody } from './PolicyColumns.tsx';
import { PolicyForm } from './PolicyForm.tsx';
import { editValues, newPolicy } from './social-helpers.ts';
import { QueryList } from '@/shared/crud/QueryListPage.tsx';

const TITLES: Record<SocialKind, string> = { chat: 'menu:page.chatAccess', friend: 'menu:page.friendAccess' };

/** Chat or friend access: policies per region and channel, and each region's kill switch. */
export function SocialAccessPage({ kind }: { kind: SocialKind }) {
  const { t } = useTranslation('social');
  const message = useMessage();
  const product = useProduct((s) => s.products.find((p) => p.id === s.productId));
  const [params, setParams] = useListParams(socialAccessResources[kind].filters);
  const query = useMemo(() => ({ ...params, filters: { ...params.filters, kind } }), [params, kind]);
  const list = useResourceList<SocialPolicy>(RESOURCE, query);
  const { create, update } = useResourceMutations<SocialPolicyCreate, UpdateBody>(RESOURCE);
  const channels = useChannels();
  const resource = socialAccessResources[kind];
  const canEdit = usePermission([permissionOf(resource, 'update')]);
  const canDelete = usePermission([permissionOf(resource, 'delete')]);
  const canExport = usePermission([permissionOf(resource, 'export')]);
  const [editing, setEditing] = useState<SocialPolicy | 'new' | null>(null);
  const region = product?.region ?? 'gn';
  const initialValues = useMemo(
    () => (editing === 'new' || editing === null ? newPolicy(kind, region) : editValues(editing)),
    [editing, kind, region],
  );

  const columns = usePolicyColumns({ kind, canEdit, canDelete, onEdit: setEditing });

  if (!product) return <Alert type="info" showIcon title={t('crud:product.required')} />;
  const save = async (data: unknown) => {
    if (editing === 'new') await create.mutateAsync(data as SocialPolicyCreate);
    else if (editing) await update.mutateAsync({ id: editing.id, body: data as UpdateBody });
    void message.success(t('crud:action.saved'));
  };

  return (
    <>
      <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
        {t(TITLES[kind])}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t(`intro.${kind}`)}</Typography.Paragraph>
      <KillSwitches kind={kind} canEdit={canEdit} />
      <QueryList<SocialPolicy>
        params={params}
        setParams={setParams}
        list={list}
        fields={[
          { ...enumSearch(t, 'region', t('region'), PUBLISH_AREAS, 'regions'), width: 120 },
          channelSearch(t, channels.list),
          enabledSearch(t),
        ]}
        searchExtra={
          <>
            {canEdit && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                {t('newPolicy')}
              </Button>
            )}
            {canExport && <ExportButton resource={RESOURCE} filters={query.filters} />}
          </>
        }
        rowKey="id"
        toolsId="social-access"
        columns={columns}
      />
      <FormDrawer
        open={editing !== null}
        title={editing === 'new' ? t('newPolicy') : t('editPolicy')}
        initialValues={initialValues}
        schema={editing === 'new' ? socialPolicyCreateBody : socialPolicyUpdateBody}
        onSubmit={save}
        onClose={() => setEditing(null)}
      >
        <PolicyForm kind={kind} editing={editing !== 'new'} />
      </FormDrawer>
    </>
  );
}
