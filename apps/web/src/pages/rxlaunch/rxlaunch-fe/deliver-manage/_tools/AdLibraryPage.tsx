import { useMemo } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  AD_LIBRARY_MEDIA,
  AD_LIBRARY_SPECS,
  type AdLibraryEntry,
  type AdLibraryResource,
} from '@rx/contracts/ad-library';
import { AD_MEDIA, AD_MEDIUM_CODES, adMediumOf } from '@rx/contracts/dimensions';
import * as crud from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';

/** The console's title of each kind (a key of `menu`). */
const TITLES: Record<AdLibraryResource['name'], string> = {
  'ad-titles': 'menu:page.titleLibrary',
  'ad-copies': 'menu:page.copyWriting',
  'ad-labels': 'menu:page.materialLabels',
  'ad-sources': 'menu:page.addSource',
  'ad-apps': 'menu:page.applications',
};

/** One entry's fields, those its kind uses. */
function EntryForm({ resource }: { resource: AdLibraryResource }) {
  const { t } = useTranslation('adLibrary');
  const spec = AD_LIBRARY_SPECS[resource.name];
  const kind = resource.name;
  const mediaOptions = (spec.media === 'required' ? AD_MEDIUM_CODES : AD_LIBRARY_MEDIA).map((code) => ({
    value: code,
    label: code ? t(`menu:${adMediumOf(code)!.titleKey}`) : t('anyMedium'),
  }));
  return (
    <>
      <Form.Item
        name="text"
        htmlFor="ad-library-text"
        label={t(`text.${kind}`)}
        required
        extra={t('lengthHint', { min: spec.textMin, max: spec.textMax })}
      >
        {spec.textMax > 64 ? (
          <Input.TextArea id="ad-library-text" maxLength={spec.textMax} rows={4} showCount />
        ) : (
          <Input id="ad-library-text" maxLength={spec.textMax} showCount />
        )}
      </Form.Item>
      {spec.media !== 'none' && (
        <Form.Item
          name="media"
          htmlFor="ad-library-media"
          label={t('media')}
          required={spec.media === 'required'}
        >
          <Select id="ad-library-media" options={mediaOptions} />
        </Form.Item>
      )}
      {spec.app_id !== 'none' && (
        <Form.Item
          name="app_id"
          htmlFor="ad-library-app-id"
          label={t('appId')}
          required
          extra={t('appIdHint')}
        >
          <Input id="ad-library-app-id" maxLength={64} />
        </Form.Item>
      )}
      {spec.package_name !== 'none' && (
        <Form.Item
          name="package_name"
          htmlFor="ad-library-package"
          label={t('packageName')}
          extra={t('packageHint')}
        >
          <Input id="ad-library-package" maxLength={255} dir="ltr" />
        </Form.Item>
      )}
      <Form.Item name="note" htmlFor="ad-library-note" label={t('note')}>
        <Input.TextArea id="ad-library-note" maxLength={200} rows={2} />
      </Form.Item>
    </>
  );
}

/**
 * One page for every kind of the ad tools' simple lists (title library, copy-writing, labels,
 * sources, applications): the kind's resource says which fields show; titles and copies show how
 * many batch ads used them.
 */
export function AdLibraryPage({ resource }: { resource: AdLibraryResource }) {
  const { t } = useTranslation('adLibrary');
  const spec = AD_LIBRARY_SPECS[resource.name];
  const kind = resource.name;
  const columns = useMemo<ColumnsType<AdLibraryEntry>>(() => {
    const mediumName = (code: string) =>
      code ? t(`menu:${adMediumOf(code)?.titleKey ?? 'group.adPlacement'}`) : t('anyMedium');
    return [
      {
        title: t(`text.${kind}`),
        dataIndex: 'text',
        width: spec.textMax > 64 ? 320 : 220,
        sorter: true,
        ellipsis: true,
      },
      ...(spec.media !== 'none'
        ? [
            {
              title: t('media'),
              dataIndex: 'media',
              key: 'media',
              width: 130,
              sorter: true,
              render: mediumName,
            },
          ]
        : []),
      ...(spec.app_id !== 'none' ? [{ title: t('appId'), dataIndex: 'app_id', width: 140 }] : []),
      ...(spec.package_name !== 'none'
        ? [{ title: t('packageName'), dataIndex: 'package_name', width: 200, ellipsis: true }]
        : []),
      ...(spec.usage
        ? [{ title: t('usageCount'), dataIndex: 'usage_count', width: 110, align: 'end' as const }]
        : []),
      { title: t('note'), dataIndex: 'note', width: 180, ellipsis: true },
      crud.updatedAtColumn<AdLibraryEntry>(t),
    ];
  }, [t, kind, spec]);
  const newItem = useMemo(
    () => ({
      text: '',
      media: spec.media === 'required' ? AD_MEDIA[0].code : '',
      app_id: '',
      package_name: '',
      note: '',
    }),
    [spec],
  );

  return (
    <ResourceListPage<AdLibraryEntry>
      resource={resource}
      title={t(TITLES[kind])}
      columns={columns}
      actionsWidth={120}
      search={[
        ...(spec.media !== 'none'
          ? [
              crud.choiceSearch(
                'media',
                t('media'),
                140,
                AD_MEDIUM_CODES.map((code) => [code, t(`menu:${adMediumOf(code)!.titleKey}`)]),
              ),
            ]
          : []),
      ]}
      newItem={newItem}
      nameOf={(entry) => entry.text}
      formTitle={{ create: t(`create.${kind}`), edit: t(`edit.${kind}`) }}
      form={() => <EntryForm resource={resource} />}
    />
  );
}
