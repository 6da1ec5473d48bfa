import { useMemo, type ReactNode } from 'react';
import { Alert, Avatar, Form, Input, InputNumber, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  shareMaterialOf,
  shareMaterialPlatforms,
  sharePlatformOf,
  type ShareMaterialField,
} from '@rx/contracts/dimensions';
import {
  MAX_MATERIAL_HASHTAGS,
  SHARE_PASSWORD_MAX_HOURS,
  SHARE_PASSWORD_PLACEHOLDER,
  shareMaterialCreateBody,
  shareMaterialsResource,
  type ShareMaterial,
  type ShareMaterialCreate,
} from '@rx/contracts/share-materials';
import { VIDEO_LIMITS } from '@rx/contracts/files';
import { usePatternPage } from '@/app/routes/handle.ts';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { UploadField } from '@/shared/upload/index.ts';

const nameOf = (row: ShareMaterial) => row.name;
type Translate = TFunction<'shareMaterials'>;

/** The control of each kind-specific field (the kind's registry entry says which it shows). */
function fieldControl(field: ShareMaterialField, t: Translate): ReactNode {
  switch (field) {
    case 'image_url':
      return <UploadField use="image" testId="share-material-image" />;
    case 'video_url':
      return <UploadField use="video" testId="share-material-video" />;
    case 'template':
      return <Input.TextArea maxLength={300} showCount autoSize={{ minRows: 2, maxRows: 4 }} />;
    case 'valid_hours':
      return <InputNumber min={1} max={SHARE_PASSWORD_MAX_HOURS} precision={0} style={{ width: 160 }} />;
    case 'hashtags':
      return (
        <Select
          mode="tags"
          open={false}
          suffixIcon={null}
          tokenSeparators={[',', ' ', '#']}
          aria-label={t('fields.hashtags')}
        />
      );
    default:
      return <Input maxLength={field === 'reward_text' ? 100 : field === 'app_id' ? 64 : 1000} />;
  }
}

/** The hint under a field, where it has one. */
const HINTS: Partial<Record<ShareMaterialField, (t: Translate) => string>> = {
  template: (t) => t('hints.template', { placeholder: SHARE_PASSWORD_PLACEHOLDER }),
  valid_hours: (t) => t('hints.validHours', { max: SHARE_PASSWORD_MAX_HOURS }),
  video_url: (t) => t('share:videos.hint', { min: VIDEO_LIMITS.minSeconds, max: VIDEO_LIMITS.maxSeconds }),
  hashtags: (t) => t('share:words.hashtagsHint', { max: MAX_MATERIAL_HASHTAGS }),
  target_url: (t) => t('hints.https'),
  deep_link: (t) => t('hints.deepLink'),
  path: (t) => t('hints.path'),
};

/**
 * A material strategy page (`/share/app-share-manage/materials/<kind>-strategy`): the kind's
 * strategies with the fields and platforms its registry entry names. One module for the five kinds.
 */
export function MaterialsPage() {
  const { t } = useTranslation('shareMaterials');
  const { value } = usePatternPage();
  const kind = shareMaterialOf(value);
  if (!kind) throw new Error(`unknown material kind ${value}`);
  const query = useMemo(() => ({ material: kind.code }), [kind.code]);
  const platforms = useMemo(
    () =>
      shareMaterialPlatforms(kind).map((code) => ({
        value: code,
        label: t(`menu:${sharePlatformOf(code)!.titleKey}`),
      })),
    [kind, t],
  );
  const fields = Object.keys(kind.fields) as ShareMaterialField[];
  const newItem = useMemo<ShareMaterialCreate>(
    () => ({
      ...crud.schemaDefaults<ShareMaterialCreate>(shareMaterialCreateBody),
      name: '',
      title: '',
      platforms: [],
      ...(kind.fields.valid_hours ? { valid_hours: 24 } : {}),
    }),
    [kind],
  );
  const columns = useMemo<ColumnsType<ShareMaterial>>(
    () => [
      ...(kind.fields.image_url
        ? [
            {
              title: t('fields.image_url'),
              dataIndex: 'image_url',
              width: 80,
              render: (url: string, row: ShareMaterial) => (
                <Avatar shape="square" size={48} src={url || undefined} alt={row.name} />
              ),
            },
          ]
        : []),
      { title: t('fields.name'), dataIndex: 'name', width: 180, sorter: true },
      { title: t('fields.title'), dataIndex: 'title', width: 220, ellipsis: true },
      {
        title: t('fields.platforms'),
        dataIndex: 'platforms',
        width: 220,
        render: (codes: string[]) =>
          codes.map((code) => <Tag key={code}>{t(`menu:${sharePlatformOf(code)?.titleKey ?? code}`)}</Tag>),
      },
      ...(kind.fields.template
        ? [{ title: t('fields.template'), dataIndex: 'template', width: 220, ellipsis: true }]
        : []),
      crud.statusColumn<ShareMaterial>(t),
      crud.updatedAtColumn<ShareMaterial>(t),
    ],
    [t, kind],
  );
  return (
    <>
      <Alert type="info" showIcon style={{ marginBlockEnd: 16 }} title={t(`intro.${kind.code}`)} />
      <ResourceListPage<ShareMaterial>
        resource={shareMaterialsResource}
        query={query}
        title={t(`menu:${kind.titleKey}`)}
        actionsWidth={120}
        search={[
          crud.choiceSearch(
            'platform',
            t('fields.platforms'),
            160,
            platforms.map((p) => [p.value, p.label]),
          ),
          crud.statusSearch(t),
        ]}
        nameOf={nameOf}
        columns={columns}
        newItem={newItem}
        form={() => (
          <>
            <Form.Item name="name" label={t('fields.name')} required>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="platforms" label={t('fields.platforms')} required extra={t('hints.platforms')}>
              <Select mode="multiple" options={platforms} />
            </Form.Item>
            <Form.Item name="title" label={t('fields.title')} required>
              <Input maxLength={300} />
            </Form.Item>
            <Form.Item name="description" label={t('fields.description')}>
              <Input.TextArea maxLength={2200} autoSize={{ minRows: 2, maxRows: 5 }} />
            </Form.Item>
            {fields.map((field) => (
              <Form.Item
                key={field}
                name={field}
                label={t(`fields.${field}`)}
                required={kind.fields[field] === 'required'}
                extra={HINTS[field]?.(t)}
              >
                {fieldControl(field, t)}
              </Form.Item>
            ))}
            <crud.StatusField />
          </>
        )}
      />
    </>
  );
}
