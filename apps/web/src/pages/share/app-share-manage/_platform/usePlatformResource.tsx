import { useMemo } from 'react';
import { Avatar } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import * as crud from '@/shared/crud/index.ts';
import { ratioText, usePlatformPage } from './platform.tsx';

interface Row {
  id: number;
  version: number;
}

/**
 * What a platform's image-bearing list (images, cards) sets up the same way: the platform from the
 * route, the list's common props (its platform query, "<platform> · <page>" title, newest first,
 * keyword and status search, the row's name), the thumbnail column (of the row's `image_url`) and the upload hint that states
 * the platform's image rule.
 */
export function usePlatformResource<T extends Row>(pageKey: string, nameOf: (row: T) => string) {
  const { t } = useTranslation('share');
  const platform = usePlatformPage();
  const { image } = platform.constraints;
  const imageColumn = useMemo<ColumnType<T>>(
    () => ({
      title: t('image'),
      dataIndex: 'image_url',
      width: 80,
      render: (url: string, row: T) => <Avatar shape="square" size={48} src={url} alt={nameOf(row)} />,
    }),
    [t, nameOf],
  );
  const listProps = useMemo(
    () => ({
      query: platform.query,
      title: `${t(`menu:${platform.titleKey}`)} · ${t(`menu:${pageKey}`)}`,
      actionsWidth: 120,
      search: [crud.statusSearch(t)],
      nameOf,
    }),
    [t, platform.query, platform.titleKey, pageKey, nameOf],
  );
  return {
    t,
    platform,
    imageColumn,
    listProps,
    imageHint: t('images.hint', {
      ratio: ratioText(image.ratio),
      width: image.minWidth,
      height: image.minHeight,
    }),
  };
}
