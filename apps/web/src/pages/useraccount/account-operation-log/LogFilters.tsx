import { useEffect, type ReactNode } from 'react';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useProduct } from '@/app/product/index.ts';
import { LOG_ACTIONS, LOG_TARGET_TYPES } from '@rx/contracts/operation-logs';
import { withCurrent } from './log-options.ts';

interface Values {
  username?: string;
  action?: string;
  target_type?: string;
  target_id?: string;
  product_id?: number;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** Address filters → form values: times as dayjs, the product as a number. */
function toValues(filters: Record<string, string>): Values {
  const { from, to, product_id, ...rest } = filters;
  return {
    ...rest,
    product_id: product_id ? Number(product_id) : undefined,
    range: from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null,
  };
}

function toFilters({ range, product_id, ...rest }: Values): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const [key, value] of Object.entries(rest)) if (value?.trim()) filters[key] = value.trim();
  if (product_id) filters.product_id = String(product_id);
  if (range?.[0]) filters.from = range[0].format();
  if (range?.[1]) filters.to = range[1].format();
  return filters;
}

interface LogFiltersProps {
  values: Record<string, string>;
  onSearch: (filters: Record<string, string>) => void;
  extra?: ReactNode;
}

/** The log's filters: staff, action, target, product and a time range; all kept in the address. */
export function LogFilters({ values, onSearch, extra }: LogFiltersProps) {
  const { t } = useTranslation('oplog');
  const products = useProduct((s) => s.products);
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toValues(values));
  }, [values, form]);
  // The server's own lists of actions and targets, so the filters offer every one it writes.
  const select = (known: readonly string[], current: string | undefined, group: string) =>
    withCurrent(known, current).map((value) => ({ value, label: t(`${group}.${value}`, value) }));
  const now = dayjs();

  return (
    <Form
      form={form}
      layout="inline"
      role="search"
      style={{ rowGap: 12, marginBlockEnd: 16 }}
      onFinish={(v) => onSearch(toFilters(v))}
    >
      <Form.Item name="username" label={t('staff')}>
        <Input allowClear style={{ width: 150 }} />
      </Form.Item>
      <Form.Item name="action" label={t('action')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('crud:search.any')}
          style={{ width: 150 }}
          options={select(LOG_ACTIONS, values.action, 'actions')}
        />
      </Form.Item>
      <Form.Item name="target_type" label={t('targetType')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('crud:search.any')}
          style={{ width: 170 }}
          popupMatchSelectWidth={false}
          options={select(LOG_TARGET_TYPES, values.target_type, 'targets')}
        />
      </Form.Item>
      <Form.Item name="target_id" label={t('targetId')}>
        <Input allowClear style={{ width: 100 }} />
      </Form.Item>
      <Form.Item name="product_id" label={t('product')}>
        <Select
          allowClear
          placeholder={t('crud:search.any')}
          style={{ width: 150 }}
          options={products.map((p) => ({ value: p.id, label: p.name }))}
        />
      </Form.Item>
      <Form.Item name="range" label={t('time')}>
        <DatePicker.RangePicker
          showTime
          allowEmpty={[true, true]}
          presets={[
            { label: t('presets.today'), value: [now.startOf('day'), now.endOf('day')] },
            { label: t('presets.week'), value: [now.subtract(7, 'day').startOf('day'), now.endOf('day')] },
            { label: t('presets.month'), value: [now.subtract(30, 'day').startOf('day'), now.endOf('day')] },
          ]}
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('crud:search.search')}
          </Button>
          <Button onClick={() => onSearch({})}>{t('crud:search.reset')}</Button>
        </Space>
      </Form.Item>
      {extra && <Space style={{ marginInlineStart: 'auto' }}>{extra}</Space>}
    </Form>
  );
}
