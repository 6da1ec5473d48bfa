import { useMemo, useState } from 'react';
import { Checkbox, Flex, Input, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/app/session.ts';
import {
  MATRIX_VERBS,
  cellState,
  filterRows,
  matrixRows,
  pageCount,
  toggle,
  type MatrixRow,
  type MatrixVerb,
} from './matrix.ts';
import { ScrollTable } from '@/shared/ui/ScrollTable.tsx';

const groupsOf = (rows: readonly MatrixRow[]): string[] =>
  rows.flatMap((row) => (row.children ? [row.key, ...groupsOf(row.children)] : []));

interface PermissionMatrixProps {
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
  disabled?: boolean;
}

/**
 * What a role may see and do, page by page: rows are the catalogue's groups and pages in menu
 * order (the CP's publish area and pages without region), columns are see/edit/delete/approve/export.
 * A group's checkbox covers all its pages, a header's the whole column. A form control for Form.Item.
 */
export function PermissionMatrix({ value = [], onChange, id, disabled }: PermissionMatrixProps) {
  const { t } = useTranslation('system');
  const region = useSession((s) => s.cpConfig?.publish_area);
  const rows = useMemo(() => matrixRows(region), [region]);
  const groupKeys = useMemo(() => groupsOf(rows), [rows]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const text = search.trim().toLowerCase();
    return text ? filterRows(rows, (row) => t(`menu:${row.title}`).toLowerCase().includes(text)) : rows;
  }, [rows, search, t]);
  const granted = useMemo(() => new Set(value), [value]);
  const verbName = (verb: MatrixVerb) => t(`matrix.verbs.${verb}`);

  const box = (target: readonly MatrixRow[], verb: MatrixVerb, label: string) => {
    const state = cellState(granted, target, verb);
    // A page everyone sees cannot lose its `see`.
    const fixed = verb === 'see' && target.length === 1 && target[0]!.everyone === true;
    return (
      <Checkbox
        aria-label={label}
        disabled={disabled || fixed}
        checked={state === 'all'}
        indeterminate={state === 'some'}
        onChange={(e) => onChange?.(toggle(value, target, [verb], e.target.checked))}
      />
    );
  };

  const columns: ColumnsType<MatrixRow> = [
    {
      title: t('matrix.page'),
      key: 'title',
      render: (_, row) =>
        row.children ? (
          <Typography.Text strong>{t(`menu:${row.title}`)}</Typography.Text>
        ) : (
          <Flex gap={6} align="center" wrap>
            {t(`menu:${row.title}`)}
            {row.everyone && (
              <Tooltip title={t('matrix.everyoneHint')}>
                <Tag color="blue">{t('matrix.everyone')}</Tag>
              </Tooltip>
            )}
          </Flex>
        ),
    },
    ...MATRIX_VERBS.map((verb) => ({
      key: verb,
      width: 84,
      align: 'center' as const,
      title: (
        <Flex vertical align="center" gap={2}>
          {verbName(verb)}
          {box(shown, verb, t('matrix.allOf', { verb: verbName(verb) }))}
        </Flex>
      ),
      render: (_: unknown, row: MatrixRow) => box([row], verb, `${t(`menu:${row.title}`)} ${verbName(verb)}`),
    })),
  ];

  return (
    <Flex vertical gap={8} id={id} data-testid="permission-matrix">
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Input.Search
          allowClear
          placeholder={t('matrix.search')}
          style={{ maxWidth: 260 }}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Typography.Text type="secondary">
          {t('matrix.summary', { pages: pageCount(value, rows), region: t(`regions.${region ?? 'all'}`) })}
        </Typography.Text>
      </Flex>
      <ScrollTable<MatrixRow>
        size="small"
        bordered
        rowKey="key"
        pagination={false}
        columns={columns}
        dataSource={shown}
        // Groups start open; the ones closed by hand stay closed while searching.
        expandable={{
          expandedRowKeys: groupKeys.filter((key) => !collapsed.has(key)),
          onExpand: (open, row) =>
            setCollapsed((before) => {
              const next = new Set(before);
              if (open) next.delete(row.key);
              else next.add(row.key);
              return next;
            }),
        }}
        scroll={{ y: '55vh' }}
      />
    </Flex>
  );
}
