import { useEffect, type ReactNode } from 'react';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

/** The day format of the console's date inputs: antd's picker, as in every form (TimeField). */
export const DAY_FORMAT = 'YYYY-MM-DD';
/** A date filter is kept as its YYYY-MM-DD string (the address's); its picker works on dayjs. */
const asDay = {
  getValueProps: (value: string | undefined) => ({ value: value ? dayjs(value, DAY_FORMAT) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format(DAY_FORMAT) : undefined),
};

export interface SearchField {
  name: string;
  label: ReactNode;
  /** `text` (default), a `select` of options, or a `date` (YYYY-MM-DD, antd's date picker). */
  kind?: 'text' | 'select' | 'date';
  options?: { value: string; label: ReactNode }[];
  width?: number;
}

interface SearchFormProps {
  fields: SearchField[];
  /** The filters now in the address. */
  values: Record<string, string>;
  onSearch: (filters: Record<string, string>) => void;
  /** Buttons on the right: create, import, export. */
  extra?: ReactNode;
}

/** The filters of a list page; what it searches lives in the address (useListParams). */
export function SearchForm({ fields, values, onSearch, extra }: SearchFormProps) {
  const { t } = useTranslation('crud');
  const [form] = Form.useForm<Record<string, string | undefined>>();
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(values);
  }, [values, form]);

  const search = (raw: Record<string, string | undefined>) => {
    const filters: Record<string, string> = {};
    for (const field of fields) {
      const value = raw[field.name]?.trim();
      if (value) filters[field.name] = value;
    }
    onSearch(filters);
  };

  return (
    <Form
      form={form}
      layout="inline"
      onFinish={search}
      style={{ rowGap: 12, marginBlockEnd: 16 }}
      role="search"
    >
      {fields.map((field) => (
        <Form.Item
          key={field.name}
          name={field.name}
          label={field.label}
          {...(field.kind === 'date' ? asDay : {})}
        >
          {field.kind === 'select' ? (
            <Select
              allowClear
              options={field.options}
              style={{ width: field.width ?? 160 }}
              placeholder={t('search.any')}
            />
          ) : field.kind === 'date' ? (
            // One date-input style (issue 27): antd's picker, as the forms' dates, not the browser's.
            <DatePicker format={DAY_FORMAT} style={{ width: field.width ?? 160 }} />
          ) : (
            <Input allowClear style={{ width: field.width ?? 200 }} />
          )}
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('search.search')}
          </Button>
          <Button onClick={() => onSearch({})}>{t('search.reset')}</Button>
        </Space>
      </Form.Item>
      {extra && <Space style={{ marginInlineStart: 'auto' }}>{extra}</Space>}
    </Form>
  );
}
