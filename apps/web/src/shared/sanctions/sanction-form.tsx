import { Form, Select, Space, Tag, Typography } from 'antd';
import type { FormInstance } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { SANCTION_DURATION_PRESETS, SANCTION_FEATURES, type SanctionItem } from '@rx/contracts/sanctions';
import { serverFieldErrors, showFieldErrors } from '@/shared/crud/index.ts';
import { MomentInput } from '@/shared/crud/PickerInputs.tsx';
import { formatDateTime } from '@/shared/format.ts';

/** How long a sanction lasts, as the form holds it: a preset (minutes), a date, or permanent. */
export interface LengthValues {
  length?: string;
  ends_at?: string;
}

/** The API's length fields of the form's values. */
export function lengthBody(values: LengthValues): Record<string, unknown> {
  if (values.length === 'permanent') return { permanent: true };
  if (values.length === 'custom') {
    const at = values.ends_at ? new Date(values.ends_at) : null;
    return { ends_at: at && !Number.isNaN(at.getTime()) ? at.toISOString() : values.ends_at || undefined };
  }
  return values.length ? { duration_minutes: Number(values.length) } : {};
}

/** Duration presets, a custom end and permanent (the API answers a missing or past end on its field). */
export function LengthFields({
  t,
  label,
  permanent = true,
}: {
  t: TFunction;
  label?: string;
  permanent?: boolean;
}) {
  return (
    <>
      <Form.Item name="length" label={label ?? t('form.length')} rules={[{ required: true }]}>
        <Select
          options={[
            ...SANCTION_DURATION_PRESETS.map((m) => ({ value: String(m), label: t(`presets.${m}`) })),
            { value: 'custom', label: t('form.custom') },
            ...(permanent ? [{ value: 'permanent', label: t('permanent') }] : []),
          ]}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['length']}>
        {({ getFieldValue }) =>
          getFieldValue('length') === 'custom' ? (
            <Form.Item name="ends_at" label={t('form.endsAt')} rules={[{ required: true }]}>
              <MomentInput />
            </Form.Item>
          ) : null
        }
      </Form.Item>
    </>
  );
}

/**
 * The kind of a new sanction and what that kind needs: the feature, the device (when `devices`
 * are offered), and the length (a kick has none). `spaced`: the dependent fields stacked with gaps.
 */
export function SanctionKindFields({
  t,
  kinds,
  devices,
  spaced,
}: {
  t: TFunction;
  kinds: readonly string[];
  devices?: string[];
  spaced?: boolean;
}) {
  return (
    <>
      <Form.Item name="kind" label={t('form.kind')} rules={[{ required: true }]}>
        <Select options={kinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))} />
      </Form.Item>
      <Form.Item noStyle dependencies={['kind']}>
        {({ getFieldValue }) => {
          const kind = getFieldValue('kind') as string;
          const fields = (
            <>
              {kind === 'feature' && (
                <Form.Item name="feature" label={t('form.feature')} rules={[{ required: true }]}>
                  <Select options={SANCTION_FEATURES.map((f) => ({ value: f, label: t(`features.${f}`) }))} />
                </Form.Item>
              )}
              {devices && kind === 'device' && (
                <Form.Item name="device_id" label={t('form.device')} rules={[{ required: true }]}>
                  <Select options={devices.map((d) => ({ value: d, label: d }))} />
                </Form.Item>
              )}
              {kind === 'kick' ? (
                <Typography.Paragraph type="secondary">{t('form.kickNote')}</Typography.Paragraph>
              ) : (
                <LengthFields t={t} />
              )}
            </>
          );
          return spaced ? (
            <Space direction="vertical" style={{ width: '100%' }}>
              {fields}
            </Space>
          ) : (
            fields
          );
        }}
      </Form.Item>
    </>
  );
}

/** Shows the API's field errors on the form (the length fields answer as `duration_minutes`). */
export function showApiErrors(form: FormInstance, error: unknown): boolean {
  const fields = serverFieldErrors(error);
  if (!fields) return false;
  const mapped: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields)) {
    mapped[field === 'duration_minutes' || field === 'permanent' ? 'length' : field] = message;
  }
  showFieldErrors(form, mapped);
  return true;
}

const STATUS_COLORS: Record<string, string> = {
  active: 'error',
  expired: 'default',
  lifted: 'success',
  done: 'processing',
};

export function StatusTag({ t, status }: { t: TFunction; status: string }) {
  return <Tag color={STATUS_COLORS[status]}>{t(`statuses.${status}`)}</Tag>;
}

/** The kind, with the feature or device it concerns. */
export function KindCell({ t, item }: { t: TFunction; item: SanctionItem }) {
  return (
    <Space size={4} wrap>
      <span>{t(`kinds.${item.kind}`)}</span>
      {item.feature && <Tag>{t(`features.${item.feature}`)}</Tag>}
      {item.device_id && <Typography.Text code>{item.device_id}</Typography.Text>}
    </Space>
  );
}

export function EndCell({ t, item }: { t: TFunction; item: SanctionItem }) {
  if (item.kind === 'kick') return <>—</>;
  return <>{item.ends_at ? formatDateTime(item.ends_at) : t('permanent')}</>;
}

export function DeliveryCell({ t, item }: { t: TFunction; item: SanctionItem }) {
  if (!item.delivery) return null;
  const color = item.delivery === 'ok' ? 'success' : item.delivery === 'failed' ? 'error' : 'warning';
  return <Tag color={color}>{t(`delivery.${item.delivery}`)}</Tag>;
}

export function LiftedCell({ item }: { item: SanctionItem }) {
  if (!item.lifted_by) return null;
  return (
    <span>
      {item.lifted_by.username} · {formatDateTime(item.lifted_at)}
      {item.lift_reason ? ` · ${item.lift_reason}` : ''}
    </span>
  );
}

/**
 * The columns every list of sanctions shows: kind, status, reason, start, end, who, lifted,
 * delivery. `sortable`: the start and end sort the list (a list served by the API's sort).
 */
export function sanctionColumns(t: TFunction, { sortable = false } = {}): ColumnsType<SanctionItem> {
  return [
    { title: t('columns.kind'), key: 'kind', width: 200, render: (_, s) => <KindCell t={t} item={s} /> },
    {
      title: t('columns.status'),
      dataIndex: 'status',
      width: 100,
      render: (v: string) => <StatusTag t={t} status={v} />,
    },
    { title: t('columns.reason'), dataIndex: 'reason', width: 200 },
    {
      title: t('columns.starts'),
      dataIndex: sortable ? 'created_at' : 'starts_at',
      width: 160,
      sorter: sortable,
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('columns.ends'),
      key: sortable ? 'ends_at' : 'ends',
      width: 160,
      sorter: sortable,
      render: (_, s) => <EndCell t={t} item={s} />,
    },
    { title: t('columns.by'), key: 'by', width: 120, render: (_, s) => s.created_by.username },
    { title: t('columns.lifted'), key: 'lifted', width: 200, render: (_, s) => <LiftedCell item={s} /> },
    {
      title: t('columns.delivery'),
      key: 'delivery',
      width: 140,
      render: (_, s) => <DeliveryCell t={t} item={s} />,
    },
  ];
}
