import { Button, Popconfirm, Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import type { ColumnType } from 'antd/es/table';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../format.ts';
import { ExportButton } from './ExportButton.tsx';
import { ImportButton } from './ImportButton.tsx';
import type { SearchField } from './SearchForm.tsx';

type Translate = (key: string) => string;

/** The `status` column of a catalogue row: active or disabled, as a coloured tag. */
export function statusColumn<T>(t: Translate, sortable = true): ColumnType<T> {
  return {
    title: t('crud:field.status'),
    dataIndex: 'status',
    width: 90,
    sorter: sortable,
    render: (v: string) => <Tag color={v === 'active' ? 'success' : 'default'}>{t(`crud:status.${v}`)}</Tag>,
  };
}

/** The `disabled` flag of an account or role: active or disabled, as a coloured tag. */
export function disabledColumn<T>(t: Translate): ColumnType<T> {
  return {
    title: t('crud:field.status'),
    dataIndex: 'disabled',
    width: 90,
    render: (disabled: boolean) => (
      <Tag color={disabled ? 'default' : 'success'}>
        {t(disabled ? 'crud:status.disabled' : 'crud:status.active')}
      </Tag>
    ),
  };
}

/** The search field of that flag (`disabled=0|1`). */
export function disabledSearch(t: Translate): SearchField {
  return {
    name: 'disabled',
    label: t('crud:field.status'),
    kind: 'select',
    options: [
      { value: '0', label: t('crud:status.active') },
      { value: '1', label: t('crud:status.disabled') },
    ],
  };
}

/** The row actions column, pinned to the right edge: `width` fits the page's actions. */
export function actionsColumn<T>(t: Translate, width: number, render: (row: T) => ReactNode): ColumnType<T> {
  return {
    title: t('crud:action.actions'),
    key: 'actions',
    width,
    fixed: 'right',
    render: (_, row) => render(row),
  };
}

/** The `updated_at` column, sortable, in the interface language. */
export function updatedAtColumn<T>(t: Translate): ColumnType<T> {
  return {
    title: t('crud:field.updatedAt'),
    dataIndex: 'updated_at',
    width: 170,
    sorter: true,
    render: (v: string) => formatDateTime(v),
  };
}

interface RowEditDeleteProps {
  canEdit: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
  /** The question the delete asks first ("Delete …?"). */
  confirm: ReactNode;
  /** The gap between the links (default: antd's small gap). */
  size?: number;
}

/** A row's edit link and its delete link (after a confirmation), each shown with its permission. */
export function RowEditDelete({ canEdit, canDelete, onEdit, onDelete, confirm, size }: RowEditDeleteProps) {
  const { t } = useTranslation('crud');
  return (
    <Space size={size}>
      {canEdit && (
        <Button type="link" size="small" onClick={onEdit}>
          {t('action.edit')}
        </Button>
      )}
      {canDelete && (
        <Popconfirm title={confirm} onConfirm={onDelete}>
          <Button type="link" size="small" danger>
            {t('action.delete')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}

/** The `enabled` flag of a rule or a category: active or disabled, as a coloured tag. */
export function enabledColumn<T>(t: Translate, title: ReactNode, width: number): ColumnType<T> {
  return {
    title,
    dataIndex: 'enabled',
    width,
    render: (v: boolean) => (
      <Tag color={v ? 'success' : 'default'}>{t(v ? 'crud:status.active' : 'crud:status.disabled')}</Tag>
    ),
  };
}

interface ListToolbarProps {
  resource: string;
  /** The list's filters: the export holds the same rows. */
  filters: Record<string, string>;
  /** Create and import need the edit permission, export its own. */
  canEdit: boolean;
  /** Import needs the edit permission and a sheet (default: as create). */
  canImport?: boolean;
  canExport: boolean;
  onCreate: () => void;
  onImported: () => void;
}

/** A list page's buttons: create, import (with its dry run) and export, each shown with its permission. */
export function ListToolbar({
  resource,
  filters,
  canEdit,
  canImport = canEdit,
  canExport,
  onCreate,
  onImported,
}: ListToolbarProps) {
  const { t } = useTranslation('crud');
  return (
    <>
      {canEdit && (
        <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
          {t('action.create')}
        </Button>
      )}
      {canImport && <ImportButton resource={resource} onImported={onImported} />}
      {canExport && <ExportButton resource={resource} filters={filters} />}
    </>
  );
}
