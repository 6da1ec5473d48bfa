import { useMemo } from 'react';
import { Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { GiftPackage } from '@rx/contracts/gift-packages';
import { nameColumn, statusColumn, updatedAtColumn } from '@/shared/crud/index.ts';
import { useLocale } from '@/shared/i18n.ts';
import { contentLines, windowState } from './gift-helpers.ts';
import { formatDateTime } from '@/shared/format.ts';

const WINDOW_COLORS = { always: 'blue', upcoming: 'gold', current: 'success', ended: 'default' } as const;

/**
 * The gift list's columns: name with missing translations, contents (props named through
 * `propNames`), validity (sorted by its end), limits, uses; the list page adds the actions.
 */
export function useGiftColumns(propNames: ReadonlyMap<number, string>): ColumnsType<GiftPackage> {
  const { t } = useTranslation('gifts');
  const lang = useLocale((s) => s.language);
  return useMemo<ColumnsType<GiftPackage>>(
    () => [
      { title: 'ID', dataIndex: 'id', width: 70, sorter: true },
      nameColumn<GiftPackage>(
        { title: t('name'), key: 'name', width: 200, sorter: true },
        (gift) => gift.name,
        lang,
      ),
      {
        title: t('contents'),
        key: 'contents',
        width: 220,
        render: (_, gift) => {
          const lines = contentLines(gift.contents, propNames);
          return (
            <Tooltip
              title={lines.map((line) => (
                <div key={line}>{line}</div>
              ))}
            >
              {lines.slice(0, 2).join(' · ')}
              {lines.length > 2 && ` … ${t('contentsCount', { count: lines.length })}`}
            </Tooltip>
          );
        },
      },
      {
        title: t('validity'),
        key: 'validity',
        width: 150,
        sorter: true,
        render: (_, gift) => {
          const state = windowState(gift.valid_from, gift.valid_to);
          const range = [gift.valid_from, gift.valid_to].map((v) => (v ? formatDateTime(v) : '∞'));
          return (
            <Tooltip title={range.join(' ~ ')}>
              <Tag color={WINDOW_COLORS[state]}>{t(`window.${state}`)}</Tag>
            </Tooltip>
          );
        },
      },
      {
        title: t('perPlayerLimit'),
        dataIndex: 'per_player_limit',
        width: 110,
        render: (v: number) => (v === 0 ? t('unlimited') : v),
      },
      {
        title: t('usableIn'),
        dataIndex: 'usable_in',
        width: 200,
        render: (uses: string[]) => uses.map((use) => <Tag key={use}>{t(`uses.${use}`)}</Tag>),
      },
      statusColumn(t, false),
      updatedAtColumn(t),
    ],
    [t, lang, propNames],
  );
}
