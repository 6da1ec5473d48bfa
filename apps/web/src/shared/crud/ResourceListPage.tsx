import { useMemo, useState, type Key, type ReactNode } from 'react';
import { Alert, Button, Flex, Popconfirm, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ExpandableConfig } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import { ErrorCode } from '@rx/contracts/errors';
import type { Resource } from '@rx/contracts/resource';
import { useProduct } from '@/app/product/index.ts';
import { useMessage } from '../feedback.tsx';
import { ApiError, http } from '../http.ts';
import { loadNamespace } from '../i18n.ts';
import { DataTable } from '../ui/index.ts';
import { FormDrawer } from './FormDrawer.tsx';
import { keptOffPage, useKeptInView } from './kept-in-view.ts';
import { actionsColumn, ListToolbar } from './ListParts.tsx';
import { SearchForm, type SearchField } from './SearchForm.tsx';
import { tablePaging } from './table-paging.ts';
import { useResource } from './use-resource.ts';
import { newRowValues } from './zod-form.ts';

await loadNamespace('table');

interface Row {
  id: number;
  version: number;
}

/** What the create/edit drawer shows: a row, a new one (with values to start from), or nothing. */
export interface Opening<T> {
  editing: T | 'new' | null;
  /** A new row's starting values over `newItem` (e.g. a clone drafted from another row). */
  values?: Record<string, unknown>;
}

export interface ResourceListPageProps<T extends Row> {
  resource: Resource;
  title: ReactNode;
  /** The data columns (each with a `key` or `dataIndex`); the actions column is added. */
  columns: ColumnsType<T>;
  /**
   * The search form's fields, named as the resource's filters. A resource filtering on `q` has the
   * keyword field first, unless the page names its own `q` field.
   */
  search?: SearchField[];
  /** The create/edit form's fields (inside the drawer's form). */
  form: (editing: T | 'new') => ReactNode;
  /**
   * What a new row's form starts from: the create schema's own defaults (`schemaDefaults`) with the
   * page's values over them (each field the schema has no default for), or exactly `newItem`.
   */
  newFields?: Record<string, unknown>;
  /** What a new row's form starts from, instead of the create schema's defaults and `newFields`. */
  newItem?: Record<string, unknown>;
  /** A row's name in confirmations. */
  nameOf: (row: T) => string;
  /** The drawer's titles (default `createTitle` and `editTitle` of the resource's namespace). */
  formTitle?: { create: ReactNode; edit: ReactNode };
  /** Actions shown between edit and delete (clone, used by…). */
  rowActions?: (row: T) => ReactNode;
  /** The actions column's width (default 170): wider for pages with more row actions. */
  actionsWidth?: number;
  /** What the form opens with for a row (default: the row). */
  editValues?: (row: T) => Record<string, unknown>;
  /**
   * The drawer's state held by the page, for pages that open it themselves (e.g. a clone opened as
   * a prefilled new row, its title naming the original); by default the list page holds it.
   */
  opening?: [Opening<T>, (next: Opening<T>) => void];
  /**
   * The sort when the address has none (default `'-id'`: newest first, so a new row is on page 1);
   * `null` for none, the server's own order (the resource's first sort).
   */
  defaultSort?: string | null;
  /** Column keys whose API sort field is named differently (e.g. `{ validity: 'valid_to' }`). */
  sortFields?: Record<string, string>;
  /** The drawer's width on wide screens (default 640); phones still get the full width. */
  drawerWidth?: number;
  /** Called after rows were created, updated, deleted (or disabled) or imported. */
  onChanged?: () => void;
  /** Rows that open to show more (e.g. a channel's sub-channels). */
  expandable?: ExpandableConfig<T>;
  /**
   * What one row allows beyond the user's permissions (e.g. the built-in admin role, one's own
   * account): `edit`/`delete` false hide those actions (and the row's selection box); `note`, shown
   * when nothing else is, says why. The server enforces the same rule.
   */
  rowRule?: (row: T) => RowRule;
  /** What a save says (default "saved"), e.g. what to do next after creating an account. */
  savedMessage?: (editing: T | 'new') => string;
  /**
   * Actions on the selected rows besides delete (end, recall…), shown with the selection; pass
   * only those the user may do. Rows an action does not apply to (`applies`) are skipped.
   */
  bulkActions?: BulkAction<T>[];
  /**
   * Query parameters every request carries: a dimensioned resource's value (`{ platform: 'wechat' }`).
   * Such a resource has no import or export here.
   */
  query?: Record<string, string>;
}

export interface BulkAction<T> {
  key: string;
  label: ReactNode;
  /** The confirmation, given how many selected rows it applies to. */
  confirm: (count: number) => ReactNode;
  danger?: boolean;
  /** Whether the action applies to a row (its state); default: every row. */
  applies?: (row: T) => boolean;
  /** Does it to one row; a throw counts the row as failed (the reason is not toasted per row). */
  run: (row: T) => Promise<void>;
}

export interface RowRule {
  edit?: boolean;
  delete?: boolean;
  note?: ReactNode;
}

/** A delete refused because the row is in use: the server disabled it instead. */
function disabledInstead(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.code === ErrorCode.BUSINESS_RULE &&
    (error.data as { disabled?: boolean } | null)?.disabled === true
  );
}

/**
 * The list page of a described resource: its search form from the filters, the table with sort and
 * paging in the address, column settings, density, refresh, row selection with bulk delete, the
 * actions column, the create/edit drawer checked by the resource's own schemas, delete with
 * confirmation, import and export — each shown only with its permission.
 */
export function ResourceListPage<T extends Row>(props: ResourceListPageProps<T>) {
  const { resource, columns, nameOf } = props;
  const { t } = useTranslation('table');
  const message = useMessage();
  const productId = useProduct((s) => s.productId);
  const { params, setParams, list, can, create, update, refresh } = useResource<T>(resource, {
    defaultSort: props.defaultSort === null ? undefined : (props.defaultSort ?? '-id'),
    query: props.query,
  });
  // A row created here stays in view however the list is sorted, paged or filtered (kept-in-view.ts).
  const kept = useKeptInView<T>(JSON.stringify([productId, params]));
  const offPage = keptOffPage(kept.rows, list.data?.list);
  const [selected, setSelected] = useState<Key[]>([]);
  const [own, setOwn] = useState<Opening<T>>({ editing: null });
  const [opened, setOpened] = props.opening ?? [own, setOwn];
  const { editing } = opened;
  const open = (next: T | 'new' | null) => setOpened({ editing: next });
  const changed = () => {
    void refresh();
    props.onChanged?.();
  };

  const remove = async (row: T) => {
    kept.gone([row.id]);
    try {
      await http.delete(`/${resource.name}/${row.id}`, { silent: true, query: props.query });
      void message.success(t('crud:action.deleted'));
      props.onChanged?.();
    } catch (error) {
      if (disabledInstead(error)) {
        void message.info((error as ApiError).msg);
        props.onChanged?.();
      } else void message.error(error instanceof ApiError ? error.msg : String(error));
    } finally {
      void refresh();
    }
  };

  const removeSelected = async () => {
    const chosen = (list.data?.list ?? []).filter((row) => selected.includes(row.id));
    kept.gone(chosen.map((row) => row.id));
    const tally = { deleted: 0, disabled: 0, failed: 0 };
    for (const row of chosen) {
      try {
        await http.delete(`/${resource.name}/${row.id}`, { silent: true, query: props.query });
        tally.deleted++;
      } catch (error) {
        tally[disabledInstead(error) ? 'disabled' : 'failed']++;
      }
    }
    setSelected([]);
    if (tally.deleted + tally.disabled > 0) changed();
    else void refresh();
    void (tally.failed ? message.warning : message.success)(t('bulk.deleteResult', tally));
  };

  const runBulk = async (action: BulkAction<T>) => {
    const chosen = (list.data?.list ?? []).filter((row) => selected.includes(row.id));
    kept.gone(chosen.map((row) => row.id));
    const tally = { done: 0, skipped: 0, failed: 0 };
    for (const row of chosen) {
      if (action.applies && !action.applies(row)) {
        tally.skipped++;
        continue;
      }
      try {
        await action.run(row);
        tally.done++;
      } catch {
        tally.failed++;
      }
    }
    setSelected([]);
    if (tally.done > 0) changed();
    else void refresh();
    void (tally.failed ? message.warning : message.success)(t('bulk.actionResult', tally));
  };
  const bulkActions = props.bulkActions ?? [];
  const selectable = can.delete || bulkActions.length > 0;

  const actions = actionsColumn<T>(t, props.actionsWidth ?? 170, (row) => {
    const rule = props.rowRule?.(row) ?? {};
    const canEdit = can.edit && rule.edit !== false;
    const canDelete = can.delete && rule.delete !== false;
    const more = props.rowActions?.(row);
    if (!canEdit && !canDelete && !more && rule.note) return rule.note;
    return (
      <Space size={0} wrap={false}>
        {canEdit && (
          <Button type="link" size="small" onClick={() => open(row)}>
            {t('crud:action.edit')}
          </Button>
        )}
        {more}
        {canDelete && (
          <Popconfirm
            title={t('crud:action.confirmDelete', { name: nameOf(row) })}
            onConfirm={() => remove(row)}
          >
            <Button type="link" size="small" danger>
              {t('crud:action.delete')}
            </Button>
          </Popconfirm>
        )}
      </Space>
    );
  });
  const shown = [...columns, actions];
  const fields = props.search ?? [];
  const search =
    resource.filters.includes('q') && !fields.some((field) => field.name === 'q')
      ? [{ name: 'q', label: t('crud:field.keyword') }, ...fields]
      : fields;
  const { newItem, newFields, editValues } = props;
  const start = useMemo(
    () => newItem ?? newRowValues(resource.create, newFields),
    [newItem, newFields, resource.create],
  );
  // The drawer resets its form when these change: keep them stable while it is open.
  const initial = useMemo(
    () =>
      editing === 'new' || editing === null
        ? { ...start, ...opened.values }
        : (editValues?.(editing) ?? (editing as unknown as Record<string, unknown>)),
    [editing, opened.values, start, editValues],
  );

  if (resource.scope === 'product' && !productId)
    return <Alert type="info" showIcon title={t('crud:product.required')} />;
  const save = async (data: unknown) => {
    if (editing === 'new') kept.created(await create.mutateAsync(data));
    else if (editing)
      kept.updated(await update.mutateAsync({ id: editing.id, body: data as { version: number } }));
    props.onChanged?.();
    void message.success(props.savedMessage?.(editing!) ?? t('crud:action.saved'));
  };

  return (
    <>
      <Typography.Title level={4} style={{ marginBlockStart: 0 }}>
        {props.title}
      </Typography.Title>
      <SearchForm
        values={params.filters}
        onSearch={(filters) => setParams({ filters })}
        fields={search}
        extra={
          <ListToolbar
            resource={resource.name}
            filters={props.query ? { ...params.filters, ...props.query } : params.filters}
            canEdit={can.edit}
            canImport={can.import}
            canExport={can.export}
            onCreate={() => open('new')}
            onImported={changed}
          />
        }
      />
      {offPage.length > 0 && (
        <Flex
          vertical
          gap={8}
          component="section"
          aria-labelledby={`${resource.name}-kept`}
          className="rx-kept-rows"
          style={{ marginBlockEnd: 16 }}
        >
          <Typography.Text type="secondary" id={`${resource.name}-kept`}>
            {t('crud:kept.title')}
          </Typography.Text>
          <DataTable<T> rowKey="id" columns={shown} dataSource={offPage} pagination={false} />
        </Flex>
      )}
      <DataTable<T>
        rowKey="id"
        tools={{
          id: resource.name,
          onRefresh: () => void refresh(),
          refreshing: list.isFetching,
          leading: selected.length > 0 && (
            <>
              <span role="status">{t('bulk.selected', { count: selected.length })}</span>
              {bulkActions.map((action) => (
                <Popconfirm
                  key={action.key}
                  title={action.confirm(selected.length)}
                  onConfirm={() => runBulk(action)}
                >
                  <Button danger={action.danger} size="small" data-testid={`bulk-${action.key}`}>
                    {action.label}
                  </Button>
                </Popconfirm>
              ))}
              {can.delete && (
                <Popconfirm
                  title={t('bulk.deleteConfirm', { count: selected.length })}
                  onConfirm={removeSelected}
                >
                  <Button danger size="small">
                    {t('bulk.delete')}
                  </Button>
                </Popconfirm>
              )}
              <Button size="small" onClick={() => setSelected([])}>
                {t('bulk.clear')}
              </Button>
            </>
          ),
        }}
        loading={list.isFetching}
        columns={shown}
        dataSource={list.data?.list}
        expandable={props.expandable}
        rowSelection={
          selectable
            ? {
                selectedRowKeys: selected,
                onChange: setSelected,
                preserveSelectedRowKeys: false,
                // A row can be selected when something selected rows can do applies to it.
                getCheckboxProps: (row) => ({
                  disabled: !(
                    (can.delete && props.rowRule?.(row).delete !== false) ||
                    bulkActions.some((a) => !a.applies || a.applies(row))
                  ),
                }),
              }
            : undefined
        }
        {...tablePaging(params, setParams, list.data?.total, props.sortFields)}
      />
      <FormDrawer
        open={editing !== null}
        title={
          editing === 'new'
            ? (props.formTitle?.create ?? t(`${resource.namespace}:createTitle`))
            : (props.formTitle?.edit ?? t(`${resource.namespace}:editTitle`))
        }
        initialValues={initial}
        schema={(editing === 'new' ? resource.create : resource.update) as ZodType<unknown>}
        onSubmit={save}
        onClose={() => open(null)}
        width={props.drawerWidth}
      >
        {editing !== null && props.form(editing)}
      </FormDrawer>
    </>
  );
}
