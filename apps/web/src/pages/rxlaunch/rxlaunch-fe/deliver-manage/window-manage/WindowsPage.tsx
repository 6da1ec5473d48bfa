import { useMemo } from 'react';
import { Form, Image, Input, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  AD_WINDOW_IMAGE,
  AD_WINDOW_KINDS,
  adWindowsResource,
  type AdWindow,
  type AdWindowChoices,
} from '@rx/contracts/ad-windows';
import type { AdMediumCode } from '@rx/contracts/dimensions';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { http } from '@/shared/http.ts';
import { MediumField, mediumName, mediumSearch } from '../_tools/media.tsx';

const NEW_WINDOW = {
  name: '',
  media: 'tencent',
  kind: 'mini_program',
  mini_program_id: '',
  path: '',
  url: '',
  app_ref_id: null,
  material_id: undefined,
  enabled: true,
  note: '',
};

/** Where a window leads, in one line. */
const targetOf = (w: AdWindow) =>
  w.kind === 'mini_program'
    ? `${w.mini_program_id}${w.path ? ` · ${w.path}` : ''}`
    : w.kind === 'h5'
      ? w.url
      : w.app_name;

function WindowForm() {
  const { t } = useTranslation('adWindows');
  const form = Form.useFormInstance();
  const media = Form.useWatch<string | undefined>('media');
  const kind = Form.useWatch<string | undefined>('kind');
  const choices = useQuery({
    queryKey: ['ad-windows', 'choices', media],
    queryFn: ({ signal }) => http.get<AdWindowChoices>('/ad-windows/choices', { media }, { signal }),
    enabled: Boolean(media),
  });
  const rule = media ? AD_WINDOW_IMAGE[media as AdMediumCode] : undefined;
  return (
    <>
      <Form.Item name="name" htmlFor="ad-window-name" label={t('columns.name')} required>
        <Input id="ad-window-name" maxLength={60} />
      </Form.Item>
      <MediumField
        id="ad-window-media"
        label={t('columns.media')}
        onChange={() => form.setFieldsValue({ app_ref_id: null, material_id: undefined })}
      />
      <Form.Item name="kind" htmlFor="ad-window-kind" label={t('columns.kind')} required>
        <Select
          id="ad-window-kind"
          options={AD_WINDOW_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
        />
      </Form.Item>
      {kind === 'mini_program' && (
        <>
          <Form.Item
            name="mini_program_id"
            htmlFor="ad-window-appid"
            label={t('fields.miniProgramId')}
            extra={t(media === 'jrtt' ? 'hints.miniProgramIdOcean' : 'hints.miniProgramId')}
            required
          >
            <Input id="ad-window-appid" maxLength={18} dir="ltr" />
          </Form.Item>
          <Form.Item name="path" htmlFor="ad-window-path" label={t('fields.path')} extra={t('hints.path')}>
            <Input id="ad-window-path" maxLength={256} dir="ltr" />
          </Form.Item>
        </>
      )}
      {kind === 'h5' && (
        <Form.Item name="url" htmlFor="ad-window-url" label={t('fields.url')} extra={t('hints.url')} required>
          <Input id="ad-window-url" maxLength={500} dir="ltr" />
        </Form.Item>
      )}
      {kind === 'app' && (
        <Form.Item name="app_ref_id" htmlFor="ad-window-app" label={t('fields.app')} required>
          <Select
            id="ad-window-app"
            loading={choices.isFetching}
            notFoundContent={t('noApps')}
            options={choices.data?.apps.map((a) => ({ value: a.id, label: `${a.text} (${a.app_id})` }))}
          />
        </Form.Item>
      )}
      <Form.Item
        name="material_id"
        htmlFor="ad-window-cover"
        label={t('columns.cover')}
        extra={rule && t('hints.cover', { width: rule.minWidth, height: rule.minHeight })}
        required
      >
        <Select
          id="ad-window-cover"
          loading={choices.isFetching}
          notFoundContent={t('noImages')}
          options={choices.data?.images.map((m) => ({
            value: m.id,
            label: `${m.name} (${m.width}×${m.height})`,
          }))}
        />
      </Form.Item>
      <crud.SwitchField name="enabled" id="ad-window-enabled" label={t('columns.enabled')} />
      <Form.Item name="note" htmlFor="ad-window-note" label={t('columns.note')}>
        <Input.TextArea id="ad-window-note" maxLength={200} rows={2} />
      </Form.Item>
    </>
  );
}

/**
 * Window management (`window-manage`): the game's landing entries per medium with their covers;
 * promotion activities name the window their ads land on.
 */
export function WindowsPage() {
  const { t } = useTranslation('adWindows');
  const columns = useMemo<ColumnsType<AdWindow>>(
    () => [
      { title: t('columns.name'), dataIndex: 'name', width: 180, sorter: true, ellipsis: true },
      {
        title: t('columns.media'),
        dataIndex: 'media',
        width: 110,
        sorter: true,
        render: (v: string) => mediumName(t, v),
      },
      { title: t('columns.kind'), dataIndex: 'kind', width: 110, render: (v: string) => t(`kinds.${v}`) },
      {
        title: t('columns.target'),
        key: 'target',
        width: 240,
        ellipsis: true,
        render: (_: unknown, w: AdWindow) => <span dir="ltr">{targetOf(w)}</span>,
      },
      {
        title: t('columns.cover'),
        key: 'cover',
        width: 110,
        render: (_: unknown, w: AdWindow) =>
          w.image_url ? <Image src={w.image_url} width={80} alt={t('coverOf', { name: w.name })} /> : '—',
      },
      { title: t('columns.promotions'), dataIndex: 'promotion_count', width: 100, align: 'end' },
      crud.enabledColumn<AdWindow>(t, t('columns.enabled'), 90),
      crud.updatedAtColumn<AdWindow>(t),
    ],
    [t],
  );
  return (
    <ResourceListPage<AdWindow>
      resource={adWindowsResource}
      title={t('menu:page.windowManage')}
      columns={columns}
      search={[
        mediumSearch(t),
        { ...crud.enumSearch(t, 'kind', t('columns.kind'), AD_WINDOW_KINDS, 'kinds'), width: 140 },
        crud.enabledSearch(t),
      ]}
      newItem={NEW_WINDOW}
      nameOf={(w) => w.name}
      form={() => <WindowForm />}
    />
  );
}
