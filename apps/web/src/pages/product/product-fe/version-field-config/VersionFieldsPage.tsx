import { useMemo } from 'react';
import { Form, Input, Select, Switch, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  VERSION_FIELD_TYPES,
  versionFieldsResource,
  type VersionField,
  type VersionFieldCreate,
  type VersionFieldType,
} from '@rx/contracts/version-fields';
import * as crud from '@/shared/crud/index.ts';
import { enumOptions } from '@/shared/crud/index.ts';
import { ResourceListPage } from '@/shared/crud/ResourceListPage.tsx';
import { FieldValueInput } from '@/shared/version-fields/FieldValueInput.tsx';

const NEW_FIELD: Partial<VersionFieldCreate> = {
  key: '',
  name: '',
  type: 'text',
  default_value: '',
};

/** What a default value shows in the list. */
function shown(field: VersionField, on: string, off: string): string {
  if (field.type === 'switch') return field.default_value === true ? on : off;
  return String(field.default_value);
}

/** The fields of a version field; the key and type never change once created. */
function FieldForm({ editing }: { editing: boolean }) {
  const { t } = useTranslation('versionFields');
  const form = Form.useFormInstance();
  const type = Form.useWatch<VersionFieldType | undefined>('type', form) ?? 'text';
  return (
    <>
      <Form.Item name="key" label={t('key')} required extra={t('keyHint')}>
        <Input disabled={editing} maxLength={40} placeholder="max_level" />
      </Form.Item>
      <Form.Item name="name" label={t('name')} required>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="type" label={t('type')} required>
        <Select
          disabled={editing}
          options={enumOptions(t, VERSION_FIELD_TYPES, 'types')}
          // Another type starts from its own empty value.
          onChange={(next: VersionFieldType) =>
            form.setFieldValue('default_value', next === 'switch' ? false : next === 'number' ? 0 : '')
          }
        />
      </Form.Item>
      {type === 'json' && (
        <Form.Item name="json_schema" label={t('jsonSchema')} extra={t('jsonSchemaHint')}>
          <Input.TextArea
            style={{ fontFamily: 'monospace' }}
            maxLength={10_000}
            autoSize={{ minRows: 3, maxRows: 10 }}
          />
        </Form.Item>
      )}
      <Form.Item name="default_value" label={t('defaultValue')} extra={t('defaultHint')}>
        <FieldValueInput type={type} />
      </Form.Item>
      <Form.Item name="description" label={t('description')}>
        <Input.TextArea maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
      <Form.Item name="enabled" label={t('enabled')} valuePropName="checked" extra={t('enabledHint')}>
        <Switch />
      </Form.Item>
    </>
  );
}

/** Version fields (`edition/see/version_field`): typed settings admins add; each publish carries their values to the game. */
export function VersionFieldsPage() {
  const { t } = useTranslation('versionFields');
  const columns = useMemo<ColumnsType<VersionField>>(
    () => [
      {
        title: t('key'),
        dataIndex: 'key',
        width: 150,
        sorter: true,
        render: (key: string) => <Typography.Text code>{key}</Typography.Text>,
      },
      { title: t('name'), dataIndex: 'name', width: 160, sorter: true, ellipsis: true },
      crud.enumColumn<VersionField>(
        t,
        { title: t('type'), dataIndex: 'type', width: 100, sorter: true },
        'types',
      ),
      {
        title: t('defaultValue'),
        key: 'default_value',
        width: 200,
        ellipsis: true,
        render: (_, row) => shown(row, t('on'), t('off')),
      },
      {
        title: t('enabled'),
        dataIndex: 'enabled',
        width: 90,
        render: (on: boolean) => <Tag color={on ? 'success' : 'default'}>{on ? t('on') : t('off')}</Tag>,
      },
      crud.updatedAtColumn<VersionField>(t),
    ],
    [t],
  );
  return (
    <ResourceListPage<VersionField>
      resource={versionFieldsResource}
      title={t('menu:page.versionFields')}
      columns={columns}
      defaultSort="key"
      search={[crud.enumSearch(t, 'type', t('type'), VERSION_FIELD_TYPES, 'types')]}
      newFields={NEW_FIELD}
      nameOf={(row) => `${row.name} (${row.key})`}
      form={(editing) => <FieldForm editing={editing !== 'new'} />}
    />
  );
}
