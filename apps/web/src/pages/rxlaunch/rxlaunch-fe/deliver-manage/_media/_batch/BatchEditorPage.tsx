import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Select, Space, Typography } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { adBatchTemplatesResource, type AdBatchTemplate } from '@rx/contracts/ad-batch-templates';
import {
  adBatchesResource,
  adBatchTasksResource,
  type AdBatch,
  type AdBatchAd,
  type AdBatchDraft,
  type AdBatchDraftsAnswer,
  type AdBatchLanding,
  type AdBatchWindowChoice,
} from '@rx/contracts/ad-batches';
import type { AdReportAccounts } from '@rx/contracts/ad-reports';
import { adMediumOf } from '@rx/contracts/dimensions';
import { MAX_PAGE_SIZE } from '@rx/contracts/lists';
import { permissionsFor } from '@rx/contracts/resource';
import { usePermission } from '@/app/permission/index.ts';
import { usePatternPage } from '@/app/routes/handle.ts';
import { serverFieldErrors } from '@/shared/crud/index.ts';
import type { ListAnswer } from '@/shared/crud/resource.ts';
import { useMessage } from '@/shared/feedback.tsx';
import { http } from '@/shared/http.ts';
import { DataTable } from '@/shared/ui/DataTable.tsx';
import { adRowColumns } from './batch-columns.tsx';
import { SetupFields, newSetup } from './SetupFields.tsx';
import { SimulatedNote } from '../SimulatedNote.tsx';
import { accountLabel } from '../../_tools/account-label.ts';

/** Distinct values in their first order. */
const distinctOf = (values: string[]) => [...new Set(values)];

/**
 * A batch to edit again (`gdtv3-edit/:id`): its setup and every ad (read page by page), as the
 * editor's values — its accounts, titles and materials, each once, in the batch's order.
 */
async function loadBatch(media: string, id: string, signal: AbortSignal) {
  const batch = await http.get<AdBatch>(`/${adBatchesResource.name}/${id}`, { media }, { signal });
  const ads: AdBatchAd[] = [];
  for (let page = 1; ads.length < batch.total; page++) {
    const part = await http.get<ListAnswer<AdBatchAd>>(
      `/${adBatchesResource.name}/${id}/ads`,
      { media, page, page_size: MAX_PAGE_SIZE },
      { signal },
    );
    if (!part.list.length) break;
    ads.push(...part.list);
  }
  return {
    batch,
    values: {
      name: batch.name,
      template_id: batch.template_id,
      budget: batch.budget,
      bid: batch.bid,
      layout: batch.layout,
      targeting: batch.targeting,
      schedule_start: batch.schedule_start,
      schedule_end: batch.schedule_end,
      window_id: batch.window_id,
      ad_account_ids: distinctOf(ads.map((a) => String(a.ad_account_id))),
      titles: distinctOf(ads.map((a) => a.title)).join('\n'),
      materials: distinctOf(ads.flatMap((a) => a.materials)).join('\n'),
    },
  };
}

/** What a window opens, in one line: the AppID and path, the address, or the app's id and package. */
function landingTarget(
  w: Pick<AdBatchLanding, 'kind' | 'mini_program_id' | 'path' | 'url' | 'app_id' | 'package_name'>,
) {
  if (w.kind === 'mini_program') return [w.mini_program_id, w.path].filter(Boolean).join(' · ');
  if (w.kind === 'h5') return w.url;
  return [w.app_id, w.package_name].filter(Boolean).join(' · ');
}

const lines = (text: string | undefined) =>
  (text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The editor of one batch (`batch-ad-edit` of Toutiao and Kuaishou, Tencent's `gdtv3-edit`):
 * accounts × titles × materials with a setup (from a template where the medium has them) → drafts,
 * each checked by the API against the medium's rules → submitted as a batch task.
 */
export function BatchEditorPage() {
  const { t } = useTranslation(['ads', 'adWindows']);
  const toast = useMessage();
  const navigate = useNavigate();
  const media = usePatternPage().value;
  const medium = adMediumOf(media);
  const [form] = Form.useForm();
  // `gdtv3-edit/:id`: an existing batch loaded to edit and submit again (as a new batch).
  const { id } = useParams();
  const existing = useQuery({
    queryKey: [adBatchesResource.name, media, 'edit', id],
    queryFn: ({ signal }) => loadBatch(media, id!, signal),
    enabled: !!id,
  });
  useEffect(() => {
    if (existing.data) form.setFieldsValue(existing.data.values);
  }, [existing.data, form]);
  const canCreate = usePermission([permissionsFor(adBatchesResource, media)!.edit]);
  const templatePermissions = permissionsFor(adBatchTemplatesResource, media);
  const canTemplates = usePermission(templatePermissions ? [templatePermissions.see] : ['-']);
  const accounts = useQuery({
    queryKey: [adBatchesResource.name, media, 'accounts'],
    queryFn: ({ signal }) =>
      http.get<AdReportAccounts>(`/${adBatchesResource.name}/accounts`, { media }, { signal }),
  });
  const windows = useQuery({
    queryKey: [adBatchesResource.name, media, 'windows'],
    queryFn: ({ signal }) =>
      http.get<{ list: AdBatchWindowChoice[] }>(`/${adBatchesResource.name}/windows`, { media }, { signal }),
  });
  const templates = useQuery({
    queryKey: [adBatchTemplatesResource.name, media, 'all'],
    queryFn: ({ signal }) =>
      http.get<ListAnswer<AdBatchTemplate>>(
        `/${adBatchTemplatesResource.name}`,
        { media, page_size: 100, sort: 'name' },
        { signal },
      ),
    enabled: !!templatePermissions && canTemplates,
  });
  const [drafts, setDrafts] = useState<AdBatchDraftsAnswer | null>(null);
  const bodyOf = () => {
    const raw = form.getFieldsValue(true) as Record<string, unknown>;
    return {
      ...raw,
      ad_account_ids: ((raw.ad_account_ids as string[] | undefined) ?? []).map(Number),
      titles: lines(raw.titles as string),
      materials: lines(raw.materials as string),
      template_id: raw.template_id ?? null,
      window_id: raw.window_id ?? null,
    };
  };
  const onError = (error: unknown) => {
    const fields = serverFieldErrors(error);
    if (fields)
      form.setFields(
        Object.entries(fields).map(([path, message]) => ({ name: path.split('.'), errors: [message] })),
      );
    else toast.error(error instanceof Error ? error.message : String(error));
  };
  const preview = useMutation({
    mutationFn: () =>
      http.post<AdBatchDraftsAnswer>(`/${adBatchesResource.name}/drafts`, bodyOf(), { query: { media } }),
    onSuccess: (answer) => {
      setDrafts(answer);
      form.setFields(
        Object.entries(answer.fields).map(([path, message]) => ({
          name: path.split('.'),
          errors: [message],
        })),
      );
    },
    onError,
  });
  const submit = useMutation({
    mutationFn: () => http.post<AdBatch>(`/${adBatchesResource.name}`, bodyOf(), { query: { media } }),
    onSuccess: (batch) => {
      toast.success(t('batches.created', { total: batch.total, id: batch.job_id }));
      void navigate(medium?.pages['batch-task'] ?? adBatchTasksResource.page);
    },
    onError,
  });
  const useTemplate = (id: number | undefined) => {
    const template = templates.data?.list.find((x) => x.id === id);
    if (template) {
      const { budget, bid, layout, targeting, schedule_start, schedule_end } = template;
      form.setFieldsValue({ budget, bid, layout, targeting, schedule_start, schedule_end });
    }
    setDrafts(null);
  };
  const ready = !!drafts && drafts.failing === 0 && Object.keys(drafts.fields).length === 0;
  return (
    <Card title={t('editor.title', { media: t(`media.${media}`) })}>
      <Typography.Paragraph type="secondary">{t('editor.intro')}</Typography.Paragraph>
      {existing.data && (
        <Alert
          type="info"
          showIcon
          style={{ marginBlockEnd: 16 }}
          title={t('editor.loaded', {
            id: existing.data.batch.id,
            status: t(`batches.statuses.${existing.data.batch.status}`),
            failed: existing.data.batch.failed,
          })}
        />
      )}
      {existing.isError && (
        <Alert type="error" showIcon style={{ marginBlockEnd: 16 }} title={t('editor.loadFailed')} />
      )}
      <SimulatedNote shown={medium?.api.adapter === 'fake'} />
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: '', titles: '', materials: '', ...newSetup(media) }}
        onValuesChange={() => setDrafts(null)}
      >
        <Space wrap align="start">
          <Form.Item name="name" label={t('batches.columns.name')} required>
            <Input maxLength={64} aria-label={t('batches.columns.name')} style={{ width: 280 }} />
          </Form.Item>
          {templatePermissions && canTemplates && (
            <Form.Item name="template_id" label={t('editor.template')}>
              <Select
                allowClear
                aria-label={t('editor.template')}
                placeholder={t('editor.noTemplate')}
                style={{ width: 240 }}
                onChange={useTemplate}
                options={(templates.data?.list ?? []).map((x) => ({ value: x.id, label: x.name }))}
              />
            </Form.Item>
          )}
        </Space>
        <Form.Item name="ad_account_ids" label={t('batches.accounts')} required>
          <Select
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            aria-label={t('batches.accounts')}
            options={(accounts.data?.list ?? []).map((a) => ({
              value: String(a.id),
              label: accountLabel(a.name, a.account_id),
            }))}
          />
        </Form.Item>
        <Form.Item name="window_id" label={t('editor.window')} extra={t('editor.windowHelp')}>
          <Select
            allowClear
            aria-label={t('editor.window')}
            placeholder={t('editor.noWindow')}
            loading={windows.isLoading}
            options={(windows.data?.list ?? []).map((w) => ({
              value: w.id,
              label: `${w.name} — ${t(`adWindows:kinds.${w.kind}`)}: ${landingTarget(w)}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="titles" label={t('batches.titles')} extra={t('batches.titlesHelp')} required>
          <Input.TextArea rows={4} aria-label={t('batches.titles')} />
        </Form.Item>
        <Form.Item name="materials" label={t('editor.materials')} extra={t('editor.materialsHelp')}>
          <Input.TextArea rows={3} aria-label={t('editor.materials')} dir="ltr" />
        </Form.Item>
        <SetupFields media={media} />
        <Space wrap>
          <Button onClick={() => preview.mutate()} loading={preview.isPending}>
            {t('editor.preview')}
          </Button>
          {canCreate && (
            <Button
              type="primary"
              disabled={!ready}
              onClick={() => submit.mutate()}
              loading={submit.isPending}
            >
              {t('editor.submit')}
            </Button>
          )}
        </Space>
      </Form>
      {drafts && (
        <>
          <Alert
            style={{ marginBlock: 16 }}
            type={ready ? 'success' : 'warning'}
            showIcon
            title={t('editor.summary', { total: drafts.total, failing: drafts.failing })}
            description={
              <>
                {!ready && <div>{t('editor.fixFirst')}</div>}
                <div>
                  {drafts.landing
                    ? t('editor.landsOn', {
                        name: drafts.landing.name,
                        kind: t(`adWindows:kinds.${drafts.landing.kind}`),
                        target: landingTarget(drafts.landing),
                      })
                    : t('editor.noWindow')}
                </div>
              </>
            }
          />
          <DataTable<AdBatchDraft>
            rowKey="seq"
            size="small"
            dataSource={drafts.drafts}
            pagination={{ pageSize: 20, showSizeChanger: false }}
            columns={[
              ...adRowColumns<AdBatchDraft>(t),
              {
                title: t('editor.problems'),
                dataIndex: 'problems',
                width: 260,
                render: (list: string[]) =>
                  list.length ? (
                    <Typography.Text type="danger">{list.join(' ')}</Typography.Text>
                  ) : (
                    <Typography.Text type="success">{t('editor.passes')}</Typography.Text>
                  ),
              },
            ]}
          />
        </>
      )}
    </Card>
  );
}
