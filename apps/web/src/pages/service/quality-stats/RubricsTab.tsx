import { useState } from 'react';
import { Button, Flex, Form, Input, InputNumber, Switch, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CS_RUBRIC_ITEMS_MAX,
  csRubricBody,
  csRubricUpdateBody,
  type CsRubric,
} from '@rx/contracts/cs-quality';
import { ExportButton, FormDrawer, ImportButton } from '@/shared/crud/index.ts';
import { RowsField } from '@/shared/crud/RowsField.tsx';
import { useMessage } from '@/shared/feedback.tsx';
import { http } from '@/shared/http.ts';
import { DataTable } from '@/shared/ui/index.ts';
import { RUBRICS_KEY, useRubrics } from './queries.ts';

const NEW_RUBRIC = { name: '', items: [{ label: '', max: 10 }], enabled: true };

/** The rubrics' export and import (a sheet keyed by name, items as `label=max|…`). */
const RUBRICS_RESOURCE = 'cs/quality-rubrics';
const NO_FILTERS = {};

/**
 * The game's rubrics: each item scored from 0 to its maximum; items are fixed once a review is
 * scored. They export to CSV/XLSX and import back (a dry run first) with the page's permissions.
 */
export function RubricsTab({ canEdit, canExport }: { canEdit: boolean; canExport: boolean }) {
  const { t } = useTranslation(['csQuality', 'crud']);
  const message = useMessage();
  const client = useQueryClient();
  const rubrics = useRubrics();
  const [editing, setEditing] = useState<CsRubric | 'new' | null>(null);
  const save = async (data: unknown) => {
    if (editing === 'new') await http.post('/cs/quality-rubrics', data, { silent: true });
    else if (editing) await http.put(`/cs/quality-rubrics/${editing.id}`, data, { silent: true });
    void message.success(t('crud:action.saved'));
    setEditing(null);
    await client.invalidateQueries({ queryKey: RUBRICS_KEY });
  };
  const columns: ColumnsType<CsRubric> = [
    { title: t('rubric'), dataIndex: 'name', width: 180 },
    {
      title: t('items'),
      key: 'items',
      render: (_, row) => row.items.map((item) => `${item.label} (${item.max})`).join(' · '),
    },
    { title: t('maxTotal'), dataIndex: 'max_total', align: 'end', width: 100 },
    {
      title: t('enabled'),
      dataIndex: 'enabled',
      width: 100,
      render: (on: boolean) => <Tag color={on ? 'green' : 'default'}>{on ? t('on') : t('off')}</Tag>,
    },
    {
      title: t('crud:action.actions'),
      key: 'actions',
      width: 100,
      render: (_, row) =>
        canEdit && (
          <Button type="link" size="small" onClick={() => setEditing(row)}>
            {t('crud:action.edit')}
          </Button>
        ),
    },
  ];
  return (
    <>
      {(canEdit || canExport) && (
        <Flex wrap gap={8} style={{ marginBlockEnd: 16 }}>
          {canEdit && (
            <Button type="primary" onClick={() => setEditing('new')}>
              {t('newRubric')}
            </Button>
          )}
          {canEdit && (
            <ImportButton
              resource={RUBRICS_RESOURCE}
              onImported={() => void client.invalidateQueries({ queryKey: RUBRICS_KEY })}
            />
          )}
          {canExport && <ExportButton resource={RUBRICS_RESOURCE} filters={NO_FILTERS} />}
        </Flex>
      )}
      <DataTable<CsRubric>
        rowKey="id"
        loading={rubrics.isFetching}
        columns={columns}
        dataSource={rubrics.data ?? []}
        pagination={false}
      />
      <FormDrawer
        open={editing !== null}
        title={editing === 'new' ? t('newRubric') : t('editRubric')}
        initialValues={
          editing === 'new' || !editing
            ? NEW_RUBRIC
            : { name: editing.name, items: editing.items, enabled: editing.enabled, version: editing.version }
        }
        schema={editing === 'new' ? csRubricBody : csRubricUpdateBody}
        onSubmit={save}
        onClose={() => setEditing(null)}
      >
        <Form.Item name="name" htmlFor="cs-rubric-name" label={t('rubric')} required>
          <Input id="cs-rubric-name" maxLength={64} />
        </Form.Item>
        <Form.Item label={t('items')} required>
          <RowsField
            name="items"
            max={CS_RUBRIC_ITEMS_MAX}
            newRow={{ label: '', max: 10 }}
            addLabel={t('addItem')}
            removeLabel={(i) => t('removeItem', { n: i + 1 })}
            testId="cs-rubric-items"
            row={(field, i) => (
              <>
                <Form.Item name={[field.name, 'label']} style={{ flex: 1, marginBlockEnd: 0 }}>
                  <Input aria-label={t('itemLabel', { n: i + 1 })} maxLength={100} />
                </Form.Item>
                <Form.Item name={[field.name, 'max']} style={{ marginBlockEnd: 0 }}>
                  <InputNumber aria-label={t('itemMax', { n: i + 1 })} min={1} max={100} precision={0} />
                </Form.Item>
              </>
            )}
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </FormDrawer>
    </>
  );
}
