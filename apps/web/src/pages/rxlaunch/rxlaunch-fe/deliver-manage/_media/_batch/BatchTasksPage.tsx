import { useMemo, useState } from 'react';
import { Button, Space } from 'antd';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AD_BATCH_MEDIA,
  AD_BATCH_STATUSES,
  adBatchTasksResource,
  type AdBatch,
} from '@rx/contracts/ad-batches';
import { permissionsFor } from '@rx/contracts/resource';
import { usePermission } from '@/app/permission/index.ts';
import { useProduct } from '@/app/product/index.ts';
import { usePatternPage } from '@/app/routes/handle.ts';
import { apiQuery, enumSearch, useListParams } from '@/shared/crud/index.ts';
import { QueryListPage } from '@/shared/crud/QueryListPage.tsx';
import type { ListAnswer } from '@/shared/crud/resource.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { http } from '@/shared/http.ts';
import { BatchAds } from './BatchAds.tsx';
import { batchColumns, canRetry } from './batch-columns.tsx';

const RESOURCE = adBatchTasksResource;
import { errorText } from '../use-medium-list.ts';

/**
 * Batch tasks (`/newrxlaunch/batch-task` across media, `jrtt/batch-task` for one): each batch's job
 * with its per-ad results and the medium's ids, retry of the failed ads only.
 */
export function BatchTasksPage({ media }: { media?: string }) {
  const { t } = useTranslation('ads');
  const toast = useMessage();
  const client = useQueryClient();
  const productId = useProduct((s) => s.productId);
  // One medium's page: that medium's own permissions (the server checks the same with `?media=`).
  const permissions = permissionsFor(RESOURCE, media) ?? RESOURCE.permissions;
  const byMedium: Record<string, string> = media ? { media } : {};
  const canRetryAny = usePermission([permissions.edit]);
  const canExport = usePermission([permissions.export]);
  const [params, setParams] = useListParams(RESOURCE.filters);
  const query = { ...apiQuery(params), ...(media ? { media } : {}) };
  const list = useQuery({
    queryKey: [RESOURCE.name, productId, 'list', query],
    queryFn: ({ signal }) => http.get<ListAnswer<AdBatch>>(`/${RESOURCE.name}`, query, { signal }),
    placeholderData: keepPreviousData,
    enabled: !!productId,
    refetchInterval: (q) => (q.state.data?.list.some((b) => b.status === 'running') ? 3000 : false),
  });
  const [viewing, setViewing] = useState<AdBatch | null>(null);
  const retry = useMutation({
    mutationFn: (row: AdBatch) =>
      http.post<AdBatch>(`/${RESOURCE.name}/${row.id}/retry`, undefined, { query: byMedium }),
    onSuccess: () => {
      toast.success(t('batches.retrying'));
      void client.invalidateQueries({ queryKey: [RESOURCE.name] });
    },
    onError: (error) => toast.error(errorText(error)),
  });
  const columns = useMemo(
    () =>
      batchColumns(t, {
        withMedia: !media,
        actions: (row) => (
          <Space size="small">
            <Button type="link" size="small" onClick={() => setViewing(row)}>
              {t('batches.viewAds')}
            </Button>
            {canRetryAny && canRetry(row) && (
              <Button type="link" size="small" onClick={() => retry.mutate(row)}>
                {t('batches.retry')}
              </Button>
            )}
          </Space>
        ),
      }),
    [t, media, canRetryAny, retry],
  );
  return (
    <QueryListPage<AdBatch>
      title={media ? t('tasks.titleOf', { media: t(`media.${media}`) }) : t('tasks.title')}
      intro={t('tasks.intro')}
      params={params}
      setParams={setParams}
      list={list}
      fields={[
        { name: 'q', label: t('batches.columns.name'), width: 200 },
        ...(media
          ? []
          : [{ ...enumSearch(t, 'media', t('tasks.medium'), AD_BATCH_MEDIA, 'media'), width: 140 }]),
        {
          ...enumSearch(t, 'status', t('batches.columns.status'), AD_BATCH_STATUSES, 'batches.statuses'),
          width: 140,
        },
      ]}
      rowKey="id"
      toolsId={`ad-batch-tasks-${media ?? 'all'}`}
      exportAs={canExport ? RESOURCE.name : false}
      exportFilters={media ? { media } : {}}
      columns={columns}
      sortFields={{ id: 'id', name: 'name' }}
      scroll={{ x: 1400 }}
    >
      {viewing && (
        <BatchAds
          batch={viewing}
          path={`/${RESOURCE.name}/${viewing.id}`}
          query={byMedium}
          onClose={() => setViewing(null)}
        />
      )}
    </QueryListPage>
  );
}

/** One medium's task page (a pattern page: the medium from its catalogue path). */
export function MediumBatchTasksPage() {
  return <BatchTasksPage media={usePatternPage().value} />;
}
