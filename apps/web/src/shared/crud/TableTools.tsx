import { Button, Checkbox, Dropdown, Flex, Popover, Tooltip } from 'antd';
import ArrowDownOutlined from '@ant-design/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/ArrowUpOutlined';
import ColumnHeightOutlined from '@ant-design/icons/ColumnHeightOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loadNamespace } from '../i18n.ts';
import type { TableSetup } from './column-settings.ts';

// The tools' own words, wherever a table shows them.
await loadNamespace('table');

interface TableToolsProps {
  /** Every column the table can show, in the page's order: key and title. */
  columns: { key: string; title: ReactNode }[];
  setup: TableSetup;
  onSetup: (setup: TableSetup | null) => void;
  onRefresh: () => void;
  refreshing: boolean;
}

/** The table's own buttons: refresh, row density, and which columns show in which order. */
export function TableTools({ columns, setup, onSetup, onRefresh, refreshing }: TableToolsProps) {
  const { t } = useTranslation('table');
  const ordered = [...columns].sort((a, b) => {
    const rank = (key: string) => {
      const i = setup.order.indexOf(key);
      return i < 0 ? setup.order.length + columns.findIndex((c) => c.key === key) : i;
    };
    return rank(a.key) - rank(b.key);
  });
  const move = (index: number, by: number) => {
    const keys = ordered.map((c) => c.key);
    const [key] = keys.splice(index, 1);
    keys.splice(index + by, 0, key!);
    onSetup({ ...setup, order: keys });
  };
  const toggle = (key: string, shown: boolean) =>
    onSetup({ ...setup, hidden: shown ? setup.hidden.filter((k) => k !== key) : [...setup.hidden, key] });

  const list = (
    <Flex vertical gap={4} className="rx-column-settings" role="group" aria-label={t('columns')}>
      {ordered.map((column, index) => (
        <Flex key={column.key} align="center" justify="space-between" gap={8}>
          <Checkbox
            checked={!setup.hidden.includes(column.key)}
            onChange={(e) => toggle(column.key, e.target.checked)}
          >
            {column.title}
          </Checkbox>
          <span>
            <Button
              size="small"
              type="text"
              disabled={index === 0}
              aria-label={t('moveUp')}
              icon={<ArrowUpOutlined aria-hidden />}
              onClick={() => move(index, -1)}
            />
            <Button
              size="small"
              type="text"
              disabled={index === ordered.length - 1}
              aria-label={t('moveDown')}
              icon={<ArrowDownOutlined aria-hidden />}
              onClick={() => move(index, 1)}
            />
          </span>
        </Flex>
      ))}
      <Button size="small" onClick={() => onSetup(null)}>
        {t('reset')}
      </Button>
    </Flex>
  );

  return (
    <Flex gap={4} className="rx-table-tools">
      <Tooltip title={t('refresh')}>
        <Button
          aria-label={t('refresh')}
          icon={<ReloadOutlined aria-hidden spin={refreshing} />}
          onClick={onRefresh}
        />
      </Tooltip>
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: [setup.density],
          items: (['large', 'middle', 'small'] as const).map((key) => ({ key, label: t(`density.${key}`) })),
          onClick: ({ key }) => onSetup({ ...setup, density: key as TableSetup['density'] }),
        }}
      >
        <Tooltip title={t('densityTitle')}>
          <Button aria-label={t('densityTitle')} icon={<ColumnHeightOutlined aria-hidden />} />
        </Tooltip>
      </Dropdown>
      <Popover trigger="click" title={t('columns')} content={list} placement="bottomRight">
        <Tooltip title={t('columns')}>
          <Button aria-label={t('columns')} icon={<SettingOutlined aria-hidden />} />
        </Tooltip>
      </Popover>
    </Flex>
  );
}
