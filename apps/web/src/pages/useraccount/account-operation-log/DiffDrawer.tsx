import { useMemo, useState } from 'react';
import { Collapse, Descriptions, Drawer, Flex, Switch, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OperationLog } from '@rx/contracts/operation-logs';
import { diffRows, type DiffRow } from './diff.ts';
import type { useLogLabels } from './labels.ts';
import { formatDateTime } from '@/shared/format.ts';
import { ScrollTable } from '@/shared/ui/ScrollTable.tsx';

const CHANGE_COLORS = { added: 'success', removed: 'error', changed: 'warning', same: 'default' } as const;

interface DiffDrawerProps {
  entry: OperationLog | null;
  productName: (id: number | null) => string;
  label: ReturnType<typeof useLogLabels>;
  onClose: () => void;
}

/** One log entry: who did what to which target, and its before/after side by side. */
export function DiffDrawer({ entry, productName, label, onClose }: DiffDrawerProps) {
  const { t } = useTranslation('oplog');
  const { token } = theme.useToken();
  const [all, setAll] = useState(false);
  const rows = useMemo(() => (entry ? diffRows(entry.before, entry.after) : []), [entry]);
  const shown = all ? rows : rows.filter((row) => row.change !== 'same');
  const cell = (text: string, row: DiffRow, side: 'before' | 'after') => {
    const marked =
      row.change !== 'same' && text !== '' && (side === 'before' ? token.colorErrorBg : token.colorSuccessBg);
    return (
      <Typography.Text
        style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', background: marked || undefined }}
      >
        {text}
      </Typography.Text>
    );
  };

  return (
    <Drawer open={entry !== null} title={t('detail.title')} size={760} onClose={onClose} destroyOnHidden>
      {entry && (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            bordered
            column={2}
            items={[
              { key: 'time', label: t('time'), children: formatDateTime(entry.created_at) },
              { key: 'staff', label: t('staff'), children: entry.username || '—' },
              { key: 'action', label: t('action'), children: label.action(entry.action) },
              {
                key: 'target',
                label: t('target'),
                children: `${label.targetType(entry.target_type)} · ${label.target(entry)}`,
              },
              { key: 'targetId', label: t('targetId'), children: entry.target_id || '—' },
              { key: 'product', label: t('product'), children: productName(entry.product_id) },
              { key: 'ip', label: 'IP', children: entry.ip || '—' },
            ]}
          />
          <Flex justify="space-between" align="center">
            <Typography.Title level={5} style={{ margin: 0 }}>
              {t('detail.changes', { count: rows.filter((r) => r.change !== 'same').length })}
            </Typography.Title>
            <Flex gap={8} align="center">
              <Switch size="small" checked={all} onChange={setAll} aria-label={t('detail.showAll')} />
              {t('detail.showAll')}
            </Flex>
          </Flex>
          <ScrollTable<DiffRow>
            size="small"
            rowKey="path"
            pagination={false}
            dataSource={shown}
            locale={{ emptyText: t('detail.noChanges') }}
            data-testid="oplog-diff"
            columns={[
              {
                title: t('detail.field'),
                dataIndex: 'path',
                width: 170,
                render: (path: string, row) => (
                  <Flex gap={4} wrap>
                    <Typography.Text code>{path}</Typography.Text>
                    {row.change !== 'same' && (
                      <Tag color={CHANGE_COLORS[row.change]}>{t(`detail.${row.change}`)}</Tag>
                    )}
                  </Flex>
                ),
              },
              {
                title: t('detail.before'),
                dataIndex: 'before',
                render: (v: string, row) => cell(v, row, 'before'),
              },
              {
                title: t('detail.after'),
                dataIndex: 'after',
                render: (v: string, row) => cell(v, row, 'after'),
              },
            ]}
          />
          <Collapse
            size="small"
            items={[
              {
                key: 'raw',
                label: t('detail.raw'),
                children: (
                  <Flex gap={8}>
                    {(['before', 'after'] as const).map((side) => (
                      <pre key={side} style={{ flex: 1, margin: 0, overflow: 'auto', fontSize: 12 }}>
                        {`// ${t(`detail.${side}`)}\n${JSON.stringify(entry[side] ?? null, null, 2)}`}
                      </pre>
                    ))}
                  </Flex>
                ),
              },
            ]}
          />
        </Flex>
      )}
    </Drawer>
  );
}
