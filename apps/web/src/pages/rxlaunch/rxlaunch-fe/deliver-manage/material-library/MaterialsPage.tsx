import { useMemo, useState } from 'react';
import { Alert, Button, Form, Image, Input, List, Modal, Radio, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AD_MATERIAL_KINDS,
  AD_MATERIAL_MAX_LABELS,
  adMaterialsResource,
  type AdMaterial,
  type AdMaterialAd,
  type AdMaterialKind,
  type AdMaterialOptions,
} from '@rx/contracts/ad-materials';
import { adMediumOf } from '@rx/contracts/dimensions';
import { PUBLIC_FILE_PREFIX } from '@rx/contracts/files';
import { usePermission } from '@/app/permission/index.ts';
import { useProduct } from '@/app/product/index.ts';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { useMessage } from '@/shared/feedback.tsx';
import { formatNumber } from '@/shared/format.ts';
import { http } from '@/shared/http.ts';
import { UploadField } from '@/shared/upload/index.ts';

const RESOURCE = adMaterialsResource;
const NEW_MATERIAL = { file_id: '', name: '', label_ids: [], source_id: null, note: '' };

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${formatNumber(Math.round(bytes / 104_857.6) / 10)} MB`
    : `${formatNumber(Math.ceil(bytes / 1024))} KB`;

/** The game's labels and sources (with the library's own permission). */
function useOptions() {
  const productId = useProduct((s) => s.productId);
  return useQuery({
    queryKey: [RESOURCE.name, productId, 'options'],
    queryFn: ({ signal }) => http.get<AdMaterialOptions>(`/${RESOURCE.name}/options`, {}, { signal }),
    enabled: !!productId,
  });
}

/**
 * The file of a new material: image or video, uploaded through the upload service (checked here and
 * on the server); the field's value is the uploaded file's id.
 */
function MaterialFile({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: string;
  onChange?: (v: string) => void;
}) {
  const { t } = useTranslation('adMaterials');
  const [kind, setKind] = useState<AdMaterialKind>('image');
  return (
    <>
      <Radio.Group
        value={kind}
        onChange={(e) => {
          setKind(e.target.value as AdMaterialKind);
          onChange?.('');
        }}
        options={AD_MATERIAL_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        optionType="button"
        style={{ marginBlockEnd: 8 }}
        aria-label={t('kind')}
      />
      <UploadField
        id={id}
        use={kind}
        testId="ad-material-file"
        aria-label={t('file')}
        value={value ? `${PUBLIC_FILE_PREFIX}${value}` : ''}
        onChange={(url) => onChange?.(url.slice(url.lastIndexOf('/') + 1))}
      />
    </>
  );
}

function MaterialForm({ editing }: { editing: AdMaterial | 'new' }) {
  const { t } = useTranslation('adMaterials');
  const options = useOptions();
  return (
    <>
      {editing === 'new' ? (
        <Form.Item name="file_id" htmlFor="ad-material-file" label={t('file')} required extra={t('fileHint')}>
          <MaterialFile id="ad-material-file" />
        </Form.Item>
      ) : (
        <Form.Item label={t('preview')}>
          <Preview material={editing} size={120} />
        </Form.Item>
      )}
      <Form.Item name="name" htmlFor="ad-material-name" label={t('name')} extra={t('nameHint')}>
        <Input id="ad-material-name" maxLength={100} />
      </Form.Item>
      <Form.Item name="label_ids" htmlFor="ad-material-labels" label={t('labels')}>
        <Select
          id="ad-material-labels"
          mode="multiple"
          maxCount={AD_MATERIAL_MAX_LABELS}
          loading={options.isLoading}
          optionFilterProp="label"
          options={(options.data?.labels ?? []).map((l) => ({ value: l.id, label: l.text }))}
        />
      </Form.Item>
      <Form.Item name="source_id" htmlFor="ad-material-source" label={t('source')}>
        <Select
          id="ad-material-source"
          allowClear
          loading={options.isLoading}
          options={(options.data?.sources ?? []).map((s) => ({ value: s.id, label: s.text }))}
        />
      </Form.Item>
      <Form.Item name="note" htmlFor="ad-material-note" label={t('note')}>
        <Input.TextArea id="ad-material-note" maxLength={200} rows={2} />
      </Form.Item>
    </>
  );
}

/** An image's thumbnail, or a video's player. */
function Preview({ material, size }: { material: AdMaterial; size: number }) {
  const { t } = useTranslation('adMaterials');
  return material.kind === 'image' ? (
    <Image
      src={material.url}
      alt={material.name}
      width={size}
      height={size}
      style={{ objectFit: 'contain' }}
    />
  ) : (
    <video
      src={material.url}
      controls
      preload="metadata"
      width={size * 2}
      aria-label={t('previewOf', { name: material.name })}
    />
  );
}

/** The ad groups that use a material: shown, and set (all at once) with the edit permission. */
function AdsDialog({ material, onClose }: { material: AdMaterial; onClose: () => void }) {
  const { t } = useTranslation('adMaterials');
  const toast = useMessage();
  const client = useQueryClient();
  const canEdit = usePermission([RESOURCE.permissions.edit]);
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<number[] | null>(null);
  const used = useQuery({
    queryKey: [RESOURCE.name, 'ads', material.id],
    queryFn: ({ signal }) =>
      http.get<{ list: AdMaterialAd[] }>(`/${RESOURCE.name}/${material.id}/ads`, {}, { signal }),
  });
  const choices = useQuery({
    queryKey: [RESOURCE.name, 'ad-choices', q],
    queryFn: ({ signal }) =>
      http.get<{ list: AdMaterialAd[] }>(`/${RESOURCE.name}/ad-choices`, { q: q || undefined }, { signal }),
    enabled: canEdit,
  });
  const label = (a: AdMaterialAd) =>
    `${a.name || a.object_id} · ${a.account_name || a.account_id} (${t(`menu:${adMediumOf(a.media)?.titleKey ?? 'group.adPlacement'}`)})`;
  const known = new Map(
    [...(used.data?.list ?? []), ...(choices.data?.list ?? [])].map((a) => [a.ad_object_id, a]),
  );
  const value = chosen ?? (used.data?.list ?? []).map((a) => a.ad_object_id);
  const save = useMutation({
    mutationFn: () =>
      http.put<AdMaterial>(`/${RESOURCE.name}/${material.id}/ads`, {
        ad_object_ids: value,
        version: material.version,
      }),
    onSuccess: async () => {
      toast.success(t('adsSaved'));
      await client.invalidateQueries({ queryKey: [RESOURCE.name] });
      onClose();
    },
    onError: (error) => toast.error(error instanceof Error ? error.message : String(error)),
  });
  return (
    <Modal
      open
      title={t('adsTitle', { name: material.name })}
      onCancel={onClose}
      onOk={canEdit ? () => save.mutate() : onClose}
      okText={canEdit ? t('crud:action.save') : t('crud:action.close')}
      cancelText={t('crud:action.cancel')}
      confirmLoading={save.isPending}
      width={640}
    >
      <Typography.Paragraph type="secondary">{t('adsHelp')}</Typography.Paragraph>
      {canEdit ? (
        <Select
          mode="multiple"
          style={{ width: '100%' }}
          aria-label={t('ads')}
          value={value}
          onChange={setChosen}
          showSearch={{ filterOption: false, onSearch: setQ }}
          loading={choices.isFetching}
          options={[...known.values()].map((a) => ({ value: a.ad_object_id, label: label(a) }))}
          placeholder={t('adsSearch')}
        />
      ) : (
        <List
          size="small"
          loading={used.isLoading}
          dataSource={used.data?.list ?? []}
          locale={{ emptyText: t('noAds') }}
          renderItem={(a) => <List.Item>{label(a)}</List.Item>}
        />
      )}
    </Modal>
  );
}

/**
 * The material library (`launch/see/material`): a game's images and videos from the upload service,
 * one per file (the same file again is refused by its MD5), with labels, source, preview and the ad
 * groups that use each; filters by kind, label, source, pixel size and file size.
 */
export function MaterialsPage() {
  const { t } = useTranslation('adMaterials');
  const options = useOptions();
  const [showing, setShowing] = useState<AdMaterial | null>(null);
  const columns = useMemo<ColumnsType<AdMaterial>>(
    () => [
      {
        title: t('preview'),
        key: 'preview',
        width: 100,
        render: (_: unknown, m) => <Preview material={m} size={48} />,
      },
      { title: t('name'), dataIndex: 'name', width: 200, sorter: true, ellipsis: true },
      { title: t('kind'), dataIndex: 'kind', width: 90, render: (k: AdMaterialKind) => t(`kinds.${k}`) },
      {
        title: t('dims'),
        key: 'dims',
        width: 130,
        render: (_: unknown, m) =>
          m.kind === 'video'
            ? t('seconds', { n: formatNumber(Math.round((m.duration_ms ?? 0) / 100) / 10) })
            : `${m.width ?? '?'} × ${m.height ?? '?'}`,
      },
      { title: t('size'), dataIndex: 'size', width: 100, sorter: true, align: 'end', render: sizeText },
      {
        title: t('labels'),
        dataIndex: 'labels',
        width: 180,
        render: (labels: AdMaterial['labels']) => labels.map((l) => <Tag key={l.id}>{l.text}</Tag>),
      },
      { title: t('source'), dataIndex: 'source', width: 130, ellipsis: true },
      {
        title: t('adCount'),
        dataIndex: 'ad_count',
        width: 110,
        sorter: true,
        align: 'end',
        render: (n: number, m) => (
          <Button
            type="link"
            size="small"
            onClick={() => setShowing(m)}
            aria-label={t('adsTitle', { name: m.name })}
          >
            {formatNumber(n)}
          </Button>
        ),
      },
      {
        title: t('md5'),
        dataIndex: 'md5',
        width: 150,
        ellipsis: true,
        render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
      },
      crud.updatedAtColumn<AdMaterial>(t),
    ],
    [t],
  );
  const choices = (list: { id: number; text: string }[] | undefined): [string, string][] =>
    (list ?? []).map((x) => [String(x.id), x.text]);
  return (
    <>
      <Alert type="info" showIcon title={t('intro')} style={{ marginBlockEnd: 16 }} />
      <ResourceListPage<AdMaterial>
        resource={RESOURCE}
        title={t('menu:page.materialLibrary')}
        columns={columns}
        actionsWidth={150}
        search={[
          { ...crud.enumSearch(t, 'kind', t('kind'), AD_MATERIAL_KINDS, 'kinds'), width: 110 },
          crud.choiceSearch('label_id', t('labels'), 150, choices(options.data?.labels)),
          crud.choiceSearch('source_id', t('source'), 150, choices(options.data?.sources)),
          { name: 'dims', label: t('dimsFilter'), width: 120 },
          { name: 'max_kb', label: t('maxKb'), width: 110 },
        ]}
        newItem={NEW_MATERIAL}
        nameOf={(m) => m.name}
        form={(editing) => <MaterialForm editing={editing} />}
        rowActions={(m) => (
          <Button type="link" size="small" onClick={() => setShowing(m)}>
            {t('ads')}
          </Button>
        )}
      />
      {showing && <AdsDialog material={showing} onClose={() => setShowing(null)} />}
    </>
  );
}
